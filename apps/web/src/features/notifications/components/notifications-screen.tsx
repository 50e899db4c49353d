import type { ReactNode } from 'react';
import { CheckCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notifyError } from '@/lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead, type MarkReadInput } from '../api/mark-notifications-read';
import { NotificationCard } from './notification-card';

export const NO_NOTIFICATIONS_MESSAGE = 'No data yet';

function LoadingCards() {
  return (
    <ul aria-busy="true" aria-label="Loading notifications" className="space-y-3">
      {[0, 1, 2].map((key) => (
        <li key={key} className="space-y-2 rounded-xl p-4 ring-1 ring-slate-200">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-5/6" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Cards newest first, 'Mark all as read', 'Load more'; empty: 'No data yet'. `alerts` is the
 * phone-alerts setting, shown above the list.
 */
export function NotificationsScreen({ alerts }: { alerts?: ReactNode } = {}) {
  const notifications = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkNotificationsRead();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = notifications;
  const items = data?.pages.flatMap((page) => page.data) ?? [];
  const anyUnread = (unread.data ?? 0) > 0 || items.some((notification) => !notification.read);

  const mark = (input: MarkReadInput) => markRead.mutate(input, { onError: (error) => notifyError(error.message) });

  let body;
  if (isPending) body = <LoadingCards />;
  else if (isError && !data) {
    body = (
      <div role="alert" className="rounded-xl p-4 text-center ring-1 ring-slate-200">
        <p className="text-slate-700">We could not load your notifications.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="rounded-xl bg-slate-50 py-10 text-center text-slate-600">{NO_NOTIFICATIONS_MESSAGE}</p>;
  } else {
    body = (
      <>
        <ul aria-label="Notifications" className="space-y-3">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationCard notification={notification} onRead={({ id }) => mark({ id })} />
            </li>
          ))}
        </ul>
        {hasNextPage && (
          <Button
            variant="outline"
            block
            className="mt-4"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-slate-900">Notifications</h1>
        {anyUnread && items.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            loading={markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables}
            onClick={() => mark({ all: true })}
          >
            <CheckCheck className="size-4" aria-hidden="true" />
            Mark all as read
          </Button>
        )}
      </div>
      {alerts}
      {body}
    </div>
  );
}
