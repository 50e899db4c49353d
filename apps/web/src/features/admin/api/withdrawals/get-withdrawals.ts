import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page, WithdrawalStatus } from '@ruwa/contract';
import { api } from '@/lib/api-client';

export type WithdrawalsQuery = { page: number; status?: WithdrawalStatus; search?: string };

/**
 * GET admin/withdrawals?status=&q=&page=N -> withdrawals with their customers, newest first (held
 * ones: those waiting for approval first, then the soonest sent). `q` is a reference, e-mail or phone.
 */
export function getWithdrawals({ page, status, search }: WithdrawalsQuery, signal?: AbortSignal) {
  return api
    .get<Page<AdminWithdrawal>>('admin/withdrawals', { page, status, q: search || undefined }, signal)
    .then(({ data }) => data);
}

/** Its key lives here rather than in lib/query-keys.ts, which every customer's first load carries. */
export const WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;

export function withdrawalsQueryOptions(query: WithdrawalsQuery) {
  return queryOptions({
    queryKey: [...WITHDRAWALS_KEY, query],
    queryFn: ({ signal }) => getWithdrawals(query, signal),
    staleTime: 0,
  });
}

export function useWithdrawals(query: WithdrawalsQuery) {
  return useQuery({ ...withdrawalsQueryOptions(query), placeholderData: keepPreviousData });
}
