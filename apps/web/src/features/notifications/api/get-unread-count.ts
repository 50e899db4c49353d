import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET notifications/unread-count -> { count }. */
export function getUnreadCount(signal?: AbortSignal) {
  return api.get<{ count: number }>('notifications/unread-count', undefined, signal).then(({ data }) => data.count);
}

/** New notifications arrive from the server (a delivery, a reward), so the badge checks now and then. */
export const UNREAD_REFRESH_MS = 60_000;

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
    // A badge that cannot refresh keeps its last count; a toast every minute would only nag.
    meta: { silent: true },
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
