import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/withdrawals?status=held&page=N -> held withdrawals with their customers, the soonest sent first. */
export function getHeldWithdrawals(page: number, signal?: AbortSignal) {
  return api.get<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'held', page }, signal).then(({ data }) => data);
}

export function heldWithdrawalsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.heldWithdrawals.page(page),
    queryFn: ({ signal }) => getHeldWithdrawals(page, signal),
    staleTime: 0,
  });
}

export function useHeldWithdrawals(page: number) {
  return useQuery({ ...heldWithdrawalsQueryOptions(page), placeholderData: keepPreviousData });
}
