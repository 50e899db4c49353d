import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AppNotification } from '@ruwa/contract/replies';

/** One notification, or all of them. */
export type MarkReadInput = { id: number } | { all: true };

/** POST notifications/read { id } | { all: true } -> { unread }: what is still unread. */
export function markNotificationsRead(input: MarkReadInput) {
  return api.post<{ unread: number }>('notifications/read', input).then(({ data }) => data);
}

type NotificationPages = InfiniteData<Page<AppNotification>, number>;

function markInPages(pages: NotificationPages, input: MarkReadInput): NotificationPages {
  const isMarked = (notification: AppNotification) => 'all' in input || notification.id === input.id;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((notification) => (isMarked(notification) ? { ...notification, read: true } : notification)),
    })),
  };
}

/** Marks as read on the server, then shows it at once in the list and the tab badge. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unread }, input) => {
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), unread);
      queryClient.setQueryData<NotificationPages>(queryKeys.notifications.list(), (pages) =>
        pages ? markInPages(pages, input) : pages,
      );
    },
  });
}
