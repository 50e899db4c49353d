import type { OrderStatus, SubscriptionStatus } from '@ruwa/contract';
import { cn } from '@/lib/utils';
import { ORDER_STATUS_LABELS, statusLabel, SUBSCRIPTION_STATUS_LABELS } from '../utils/format';

const tones: Record<string, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  assigned: 'bg-indigo-100 text-indigo-900',
  out_for_delivery: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
  refunded: 'bg-rose-100 text-rose-900',
  active: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-slate-200 text-slate-800',
};

function Badge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[status] ?? 'bg-slate-200 text-slate-800',
      )}
    >
      {label}
    </span>
  );
}

/** An order's status in words (never the raw server value) and colour. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge status={status} label={statusLabel(ORDER_STATUS_LABELS, status)} />;
}

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge status={status} label={statusLabel(SUBSCRIPTION_STATUS_LABELS, status)} />;
}
