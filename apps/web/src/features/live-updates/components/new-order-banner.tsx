import { X } from 'lucide-react';
import { Link } from 'react-router';

export type NewOrder = { eventId: string; area: string; count: number };

/**
 * The agent's alert for a new order in their area. It sits inside a polite live region that is
 * always in the page, so screen readers announce it when it appears; it stays until dismissed.
 */
export function NewOrderBanner({
  order,
  openOrdersHref,
  onDismiss,
}: {
  order: NewOrder | null;
  openOrdersHref: string;
  onDismiss: () => void;
}) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-3">
      {order && (
        <div
          role="status"
          className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-brand-700 px-4 py-3 text-white shadow-lg"
        >
          <p className="flex-1 text-sm font-semibold">
            {order.count > 1 ? `${order.count} new orders in ${order.area}` : `New order in ${order.area}`}
          </p>
          <Link to={openOrdersHref} onClick={onDismiss} className="text-sm font-medium underline">
            See orders
          </Link>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss"
            className="rounded-full p-1 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
