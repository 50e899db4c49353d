import { ORDER_STATUS_LABELS, type OrderStatus } from '@ruwa/contract';
import { cn } from '@/lib/utils';

const tones: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  assigned: 'bg-indigo-100 text-indigo-900',
  out_for_delivery: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  refunded: 'bg-rose-100 text-rose-900',
};

/** An order's status in words and colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[status] ?? 'bg-slate-200 text-slate-800',
      )}
    >
      {ORDER_STATUS_LABELS[status] ?? status.replaceAll('_', ' ')}
    </span>
  );
}
