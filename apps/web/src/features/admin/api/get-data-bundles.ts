import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataBundle, Network } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/data-bundles?network=mtn -> every bundle of the network, disabled ones included. */
export function getDataBundles(network: Network, signal?: AbortSignal) {
  return api.get<DataBundle[]>('admin/data-bundles', { network }, signal).then(({ data }) => data);
}

export function dataBundlesQueryOptions(network: Network) {
  return queryOptions({
    queryKey: queryKeys.admin.dataBundles(network),
    queryFn: ({ signal }) => getDataBundles(network, signal),
  });
}

export function useDataBundles(network: Network) {
  return useQuery(dataBundlesQueryOptions(network));
}
