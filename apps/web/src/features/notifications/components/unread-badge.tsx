import { useUnreadCount } from '../api/get-unread-count';

/** Over this many the badge reads '99+' (the accessible name keeps the exact count). */
const MAX_SHOWN = 99;

/**
 * The Notification tab's label with the unread count. Screen readers get one phrase,
 * 'Notification, 3 unread': a hidden piece next to the visible label would be read with an odd pause
 * (browsers separate the tab's flex items with spaces).
 */
export function UnreadBadge({ label }: { label: string }) {
  const { data: count } = useUnreadCount();
  if (!count) return label;
  return (
    <>
      <span aria-hidden="true">{label}</span>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className="absolute top-1 left-1/2 ml-1.5 min-w-5 rounded-full bg-red-700 px-1.5 text-center text-[0.6875rem] leading-5 font-semibold text-white"
      >
        {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
      </span>
      <span className="sr-only">
        {label}, {count} unread
      </span>
    </>
  );
}
