import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Subscription } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET subscription-order/me?page=N -> the user's subscriptions, newest first. */
export function getMySubscriptions(page: number, signal?: AbortSignal) {
  return api.get<Page<Subscription>>('subscription-order/me', { page }, signal).then(({ data }) => data);
}

export function useMySubscriptions(page: number) {
  return useQuery({
    queryKey: queryKeys.orders.mySubscriptions(page),
    queryFn: ({ signal }) => getMySubscriptions(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
