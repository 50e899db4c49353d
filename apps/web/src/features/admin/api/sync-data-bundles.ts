import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import type { DataBundleSync, Network } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST admin/data-bundles/sync { network } -> 200: bundles the provider offers that we lacked are added, switched off. */
export function syncDataBundles(network: Network) {
  return api.post<DataBundleSync>('admin/data-bundles/sync', { network });
}

export function useSyncDataBundles() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: syncDataBundles,
    onSuccess: (_result, network) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.dataBundles(network) }),
  });
}
