import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** GET wallet/me -> { balance, savings (naira), bank_details }. */
export function getWallet(signal?: AbortSignal) {
  return api.get<Wallet>('wallet/me', undefined, signal).then(({ data }) => data);
}

export function walletQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.me(),
    queryFn: ({ signal }) => getWallet(signal),
    // A balance can change on the server (a transfer settles, a refund lands): refetch on each visit.
    staleTime: 0,
  });
}

export function useWallet() {
  return useQuery(walletQueryOptions());
}
