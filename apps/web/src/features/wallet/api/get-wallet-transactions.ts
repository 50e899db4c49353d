import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, WalletTransactionRow, WalletTransactionType } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the wallet history is narrowed to; an empty value means no filter. */
export type TransactionFilters = {
  type: WalletTransactionType | '';
  /** Lagos days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Text in the description, TX id or reference, or a phone number. */
  q: string;
};

export const NO_FILTERS: TransactionFilters = { type: '', from: '', to: '', q: '' };

/** Only the filters that are set, so the same filters always make the same cache key. */
function setFilters(filters: TransactionFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
}

/**
 * GET wallet-transactions/me?page=N&type=&from=&to=&q= -> a page of the wallet's entries, newest
 * first, each with what became of what it paid for.
 */
export function getWalletTransactions(page: number, filters: TransactionFilters = NO_FILTERS, signal?: AbortSignal) {
  return api
    .get<Page<WalletTransactionRow>>('wallet-transactions/me', { page, ...setFilters(filters) }, signal)
    .then(({ data }) => data);
}

export function walletTransactionsQueryOptions(page: number, filters: TransactionFilters = NO_FILTERS) {
  return queryOptions({
    queryKey: queryKeys.wallet.transactionsPage(page, setFilters(filters)),
    queryFn: ({ signal }) => getWalletTransactions(page, filters, signal),
    staleTime: 0,
  });
}

export function useWalletTransactions(page: number, filters: TransactionFilters = NO_FILTERS) {
  return useQuery({ ...walletTransactionsQueryOptions(page, filters), placeholderData: keepPreviousData });
}
