import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, WalletCreditRequest } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** GET admin/wallet-adjustments?status=pending -> support credits waiting for a second admin, newest first. */
export function getPendingWalletCredits(signal?: AbortSignal) {
  return api
    .get<Page<WalletCreditRequest>>('admin/wallet-adjustments', { status: 'pending', per_page: 100 }, signal)
    .then(({ data }) => data);
}

export const PENDING_WALLET_CREDITS_KEY = ['admin', 'wallet-credits', 'pending'] as const;

export function usePendingWalletCredits() {
  return useQuery(
    queryOptions({
      queryKey: PENDING_WALLET_CREDITS_KEY,
      queryFn: ({ signal }) => getPendingWalletCredits(signal),
      staleTime: 0,
    }),
  );
}
