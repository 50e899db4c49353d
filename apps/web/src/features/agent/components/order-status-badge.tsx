import { ORDER_STATUS_LABELS, type OrderStatus } from '@ruwa/contract';
import { cn } from '@/lib/utils';

const TONES: Record<OrderStatus, string> = {
  pending_payment: 'bg-slate-200 text-slate-800',
  paid: 'bg-sky-100 text-sky-900',
  assigned: 'bg-amber-100 text-amber-900',
  out_for_delivery: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  refunded: 'bg-red-100 text-red-900',
};

/** An order's status in words and colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}
    >
      {ORDER_STATUS_LABELS[status] ?? status}
    </span>
  );
}
