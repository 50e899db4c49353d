import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NextRaffleDraw } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET raffle-tickets/next-draw -> the next draw's day and prize (null while not announced). */
export function getNextDraw(signal?: AbortSignal) {
  return api.get<NextRaffleDraw>('raffle-tickets/next-draw', undefined, signal).then(({ data }) => data);
}

export function nextDrawQueryOptions() {
  return queryOptions({ queryKey: queryKeys.rewards.nextDraw(), queryFn: ({ signal }) => getNextDraw(signal) });
}

export function useNextDraw() {
  return useQuery(nextDrawQueryOptions());
}
