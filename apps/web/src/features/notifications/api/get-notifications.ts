import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AppNotification } from '@ruwa/contract/replies';

/** GET notifications/me?page=N -> a page of the user's notifications, newest first. */
export function getNotifications(page: number, signal?: AbortSignal) {
  return api.get<Page<AppNotification>>('notifications/me', { page }, signal).then(({ data }) => data);
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    // 'Load more' follows the page URL the API gives (DESIGN departure 7: the next page, not a guess).
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    staleTime: 0,
  });
}

/** The list grows a page at a time ('Load more'), which suits a phone better than page arrows. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
