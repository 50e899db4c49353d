import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualAccount } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET wallet/virtual-account -> the customer's own bank account for funding the wallet by transfer. */
export function getVirtualAccount(signal?: AbortSignal) {
  return api.get<VirtualAccount>('wallet/virtual-account', undefined, signal).then(({ data }) => data);
}

export function useVirtualAccount(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.wallet.virtualAccount(),
      queryFn: ({ signal }) => getVirtualAccount(signal),
    }),
    // The account never changes once opened; an unverified customer is told why on screen instead.
    staleTime: Infinity,
    enabled,
    meta: { silent: true },
  });
}
