import { useQuery } from '@tanstack/react-query';
import type { VtuPurchase } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often a purchase the network is still processing is asked about again. */
export const PENDING_POLL_MS = 3000;

/** GET vtu/show?id= -> one of the user's airtime or data purchases, with its status as it is now. */
export function getPurchase(id: number, signal?: AbortSignal) {
  return api.get<VtuPurchase>('vtu/show', { id }, signal).then(({ data }) => data);
}

/** The purchase, asked about again every few seconds while the network has not answered for good. */
export function usePurchase(id: number | null) {
  return useQuery({
    queryKey: queryKeys.vtu.purchase(id ?? 0),
    queryFn: ({ signal }) => getPurchase(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
    meta: { silent: true },
  });
}
