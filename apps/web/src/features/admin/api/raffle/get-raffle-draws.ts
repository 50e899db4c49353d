import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PastRaffleDraw } from '@ruwa/contract/replies';

/** GET raffle-draws/index?page=N -> a page of past draws, newest first. */
export function getRaffleDraws(page: number, signal?: AbortSignal) {
  return api.get<Page<PastRaffleDraw>>('raffle-draws/index', { page }, signal).then(({ data }) => data);
}

export function raffleDrawsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.raffle.drawsPage(page),
    queryFn: ({ signal }) => getRaffleDraws(page, signal),
    staleTime: 0,
  });
}

export function useRaffleDraws(page: number) {
  return useQuery({ ...raffleDrawsQueryOptions(page), placeholderData: keepPreviousData });
}
