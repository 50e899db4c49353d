import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET wallet/me -> { balance } (naira). The wallet feature has its own call; features do not share
 * code, and a key of our own keeps the two caches from disagreeing about the answer's shape.
 */
export function getWalletBalance(signal?: AbortSignal) {
  return api.get<{ balance: number }>('wallet/me', undefined, signal).then(({ data }) => data.balance);
}

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['airtime-data', 'wallet-balance'],
    queryFn: ({ signal }) => getWalletBalance(signal),
    // A balance is only worth showing fresh.
    staleTime: 0,
    meta: { silent: true },
  });

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
