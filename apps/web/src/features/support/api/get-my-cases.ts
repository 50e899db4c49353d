import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, SupportCase } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET support/cases?page= -> the customer's own cases, newest first, with the team's replies. */
export function getMyCases(page: number, signal?: AbortSignal) {
  return api.get<Page<SupportCase>>('support/cases', { page }, signal).then(({ data }) => data);
}

export function useMyCases(page: number) {
  return useQuery({
    queryKey: queryKeys.support.mine(page),
    queryFn: ({ signal }) => getMyCases(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}
