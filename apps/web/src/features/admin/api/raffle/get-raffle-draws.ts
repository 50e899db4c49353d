import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { raffleKeys } from './raffle-keys';
import type { RaffleDraw } from './types';

/** GET raffle-draws/index?page=N -> a page of past draws, newest first. */
export function getRaffleDraws(page: number, signal?: AbortSignal) {
  return api.get<Page<RaffleDraw>>('raffle-draws/index', { page }, signal).then(({ data }) => data);
}

export function raffleDrawsQueryOptions(page: number) {
  return queryOptions({
    queryKey: raffleKeys.drawsPage(page),
    queryFn: ({ signal }) => getRaffleDraws(page, signal),
    staleTime: 0,
  });
}

export function useRaffleDraws(page: number) {
  return useQuery({ ...raffleDrawsQueryOptions(page), placeholderData: keepPreviousData });
}
