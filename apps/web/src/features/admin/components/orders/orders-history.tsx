import { ORDER_STATUS_LABELS, type OrderHistoryEntry } from '@ruwa/contract';
import { cn } from '@/lib/utils';
import { formatOrderDate } from './orders-format';

/** The order's moves, oldest first, with who made them and their notes. */
export function OrdersHistory({ history }: { history: OrderHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4 text-sm">
      {history.map((entry, index) => {
        const current = index === history.length - 1;
        return (
          <li key={`${entry.created_at}-${index}`} className="relative" aria-current={current ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1 -left-[1.4rem] size-3 rounded-full ring-4 ring-white',
                current ? 'bg-brand-600' : 'bg-slate-400',
              )}
            />
            <p className="font-medium text-slate-900">
              {entry.from_status ? `${ORDER_STATUS_LABELS[entry.from_status]} → ` : ''}
              {ORDER_STATUS_LABELS[entry.status] ?? entry.status}
            </p>
            <p className="text-xs text-slate-600">
              {formatOrderDate(entry.created_at, true)} · {entry.actor}
            </p>
            {entry.note && <p className="mt-0.5 text-slate-700">“{entry.note}”</p>}
          </li>
        );
      })}
    </ol>
  );
}
