import { formatDateTime } from '@ruwa/contract/dates';
import type { AppNotification } from '@ruwa/contract/replies';
import { cn } from '@/lib/utils';

export function formatNotificationDate(iso: string): string {
  return formatDateTime(iso);
}

function CardBody({ notification }: { notification: AppNotification }) {
  const unread = !notification.read;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        {unread && <span className="sr-only">Unread: </span>}
        <span className={cn('block text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
        </span>
        <span className="mt-0.5 block text-sm text-slate-700">{notification.description}</span>
        <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-600">
          {formatNotificationDate(notification.created_at)}
        </time>
      </span>
    </>
  );
}

type NotificationCardProps = {
  notification: AppNotification;
  /** Tapping an unread card marks it read. */
  onRead: (notification: AppNotification) => void;
};

/** A card with title and description; unread cards stand out and are tappable. */
export function NotificationCard({ notification, onRead }: NotificationCardProps) {
  const base = 'flex w-full items-start gap-3 rounded-xl p-4 text-left ring-1';
  if (notification.read) {
    return (
      <div className={cn(base, 'bg-white ring-slate-200')} data-testid="notification">
        <CardBody notification={notification} />
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid="notification"
      data-unread="true"
      onClick={() => onRead(notification)}
      className={cn(
        base,
        'cursor-pointer bg-brand-50 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      )}
    >
      <CardBody notification={notification} />
    </button>
  );
}
