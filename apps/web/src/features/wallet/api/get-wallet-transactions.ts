import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, WalletTransaction } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET wallet-transactions/me?page=N -> a page of the wallet's entries, newest first. */
export function getWalletTransactions(page: number, signal?: AbortSignal) {
  return api.get<Page<WalletTransaction>>('wallet-transactions/me', { page }, signal).then(({ data }) => data);
}

export function walletTransactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.wallet.transactionsPage(page),
    queryFn: ({ signal }) => getWalletTransactions(page, signal),
    staleTime: 0,
  });
}

export function useWalletTransactions(page: number) {
  return useQuery({ ...walletTransactionsQueryOptions(page), placeholderData: keepPreviousData });
}
