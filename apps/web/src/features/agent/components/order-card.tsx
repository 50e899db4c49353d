import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { formatNaira, type AgentOrder } from '@ruwa/contract';
import { PhoneContact } from '@/components/ui/phone-contact';
import { formatDateTime, formatDay, kindLabel } from '../utils/format';
import { OrderStatusBadge } from './order-status-badge';

/**
 * One order as an agent needs it: what, how many, for how much, and (once they hold it) whom it is
 * for and how to reach them. An open order shows its area only; the API keeps the rest back.
 */
export function OrderCard({ order, actions }: { order: AgentOrder; actions?: ReactNode }) {
  const contact = order.customer_contact;
  return (
    <article
      aria-labelledby={`order-${order.id}-title`}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`order-${order.id}-title`} className="font-semibold text-slate-900">
            Order #{order.id}: {order.product_name} × {order.quantity}
          </h3>
          <p className="text-xs text-slate-600">
            {kindLabel(order.kind)} · {order.location_name} · {formatDateTime(order.created_at)}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {contact ? (
          <>
            <dt className="text-slate-600">For</dt>
            <dd className="space-y-1">
              <span className="block text-slate-900">{contact.first_name}</span>
              <PhoneContact name={contact.first_name} phone={contact.phone_number} />
            </dd>
            <dt className="text-slate-600">Deliver to</dt>
            <dd className="break-words text-slate-900">{contact.address}</dd>
            {contact.landmark && (
              <>
                <dt className="text-slate-600">Landmark</dt>
                <dd className="break-words text-slate-900">{contact.landmark}</dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt className="text-slate-600">Area</dt>
            <dd className="text-slate-900">
              {order.location_name}
              {order.status === 'paid' && (
                <span className="block text-xs text-slate-600">The address and phone number show once you accept.</span>
              )}
            </dd>
          </>
        )}
        {order.scheduled_for && (
          <>
            <dt className="text-slate-600">Scheduled</dt>
            {/* A calendar day, not an instant: read as one, it would show as 1:00 (midnight UTC in Lagos). */}
            <dd className="text-slate-900">
              {formatDay(order.scheduled_for)}
              {order.delivery_window ? `, ${order.delivery_window}` : ''}
            </dd>
          </>
        )}
        <dt className="text-slate-600">Amount</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{formatNaira(order.order_amount)}</dd>
      </dl>
      {isLocked(order) && (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Delivery locked:</strong> too many wrong delivery codes. An admin must
            confirm this delivery.
          </span>
        </p>
      )}
      {actions && <div className="flex flex-wrap justify-end gap-2 pt-1">{actions}</div>}
    </article>
  );
}

/** A delivery still to make that too many wrong codes locked: only an admin can confirm it. */
export const isLocked = (order: AgentOrder) =>
  order.delivery_locked && (order.status === 'assigned' || order.status === 'out_for_delivery');
