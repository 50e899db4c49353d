import type { OrderHistoryEntry } from '@ruwa/contract';
import { cn } from '@/lib/utils';
import { formatDateTime, ORDER_STATUS_LABELS, statusLabel } from '../utils/format';

const ACTORS: Record<string, string> = { customer: 'you', admin: 'Ruwa', agent: 'your agent', system: 'Ruwa' };

/** An order's status history, oldest first, the current status last and highlighted. */
export function StatusTimeline({ history }: { history: OrderHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {history.map((entry, index) => {
        const current = index === history.length - 1;
        return (
          <li key={`${entry.created_at}-${index}`} className="relative" aria-current={current ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1 -left-[1.6rem] size-3 rounded-full ring-4 ring-white',
                current ? 'bg-brand-600' : 'bg-slate-400',
              )}
            />
            <p className="font-semibold text-slate-900">{statusLabel(ORDER_STATUS_LABELS, entry.status)}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              {entry.actor ? ` · by ${ACTORS[entry.actor] ?? entry.actor}` : ''}
            </p>
            {entry.note && <p className="mt-1 text-sm text-slate-700">{entry.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
