import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET wallet/me -> { balance, savings (naira), bank_details }: one cached answer for every screen. */
export function getWallet(signal?: AbortSignal) {
  return api.get<Wallet>('wallet/me', undefined, signal).then(({ data }) => data);
}

export function walletQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.wallet.me(),
    queryFn: ({ signal }) => getWallet(signal),
    // A balance can change on the server (a transfer settles, a refund lands): refetch on each visit.
    staleTime: 0,
  });
}

export function useWallet() {
  return useQuery(walletQueryOptions());
}

/**
 * The balance beside 'Pay with wallet' on the purchase forms. Silent: the card option works
 * without it, so a failed load shows no toast.
 */
export function useWalletBalance() {
  return useQuery({ ...walletQueryOptions(), select: (wallet) => wallet.balance, meta: { silent: true } });
}

/**
 * After money moved: shows the wallet the server answered with at once, and refetches the
 * transactions (and the wallet, when the answer did not carry it).
 */
export function walletChanged(queryClient: QueryClient, wallet?: Wallet): void {
  if (wallet) queryClient.setQueryData(queryKeys.wallet.me(), wallet);
  void queryClient.invalidateQueries({ queryKey: wallet ? queryKeys.wallet.transactions() : queryKeys.wallet.all });
}
