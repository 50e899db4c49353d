import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** GET admin/withdrawals?status=held&page=N -> held withdrawals with their customers, the soonest sent first. */
export function getHeldWithdrawals(page: number, signal?: AbortSignal) {
  return api.get<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'held', page }, signal).then(({ data }) => data);
}

/**
 * GET admin/withdrawals?status=held: withdrawals waiting before their bank transfer. Its key lives
 * here rather than in lib/query-keys.ts, which every customer's first load carries.
 */
export const HELD_WITHDRAWALS_KEY = ['admin', 'withdrawals', 'held'] as const;

export function heldWithdrawalsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...HELD_WITHDRAWALS_KEY, page],
    queryFn: ({ signal }) => getHeldWithdrawals(page, signal),
    staleTime: 0,
  });
}

export function useHeldWithdrawals(page: number) {
  return useQuery({ ...heldWithdrawalsQueryOptions(page), placeholderData: keepPreviousData });
}
