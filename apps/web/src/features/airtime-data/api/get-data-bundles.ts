import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataBundle, Network } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET data-bundles?network= -> the network's enabled bundles, priced by the server (DESIGN departure 5). */
export function getDataBundles(network: Network, signal?: AbortSignal) {
  return api.get<DataBundle[]>('data-bundles', { network }, signal).then(({ data }) => data);
}

export const dataBundlesQueryOptions = (network: Network) =>
  queryOptions({
    queryKey: queryKeys.vtu.bundles(network),
    queryFn: ({ signal }) => getDataBundles(network, signal),
    // The picker shows the failure itself, with a retry.
    meta: { silent: true },
  });

export function useDataBundles(network: Network | null) {
  return useQuery({
    ...dataBundlesQueryOptions(network ?? 'mtn'),
    enabled: network !== null,
  });
}
