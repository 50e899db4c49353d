import { ORDER_STATUS_LABELS, type OrderHistoryEntry } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { cn } from '@/lib/utils';

type StatusTimelineProps = {
  history: OrderHistoryEntry[];
  /** Who made a move, as this reader should see it ("you", "your agent"; or the role, for admins). */
  actorLabel: (actor: string) => string;
  /** Admins also see where each move came from ("Paid → Accepted"). */
  showTransitions?: boolean;
};

const labelOf = (status: string) =>
  ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ??
  status.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** An order's status history, oldest first, the current status last and highlighted. */
export function StatusTimeline({ history, actorLabel, showTransitions = false }: StatusTimelineProps) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5 text-sm">
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
            <p className="font-semibold text-slate-900">
              {showTransitions && entry.from_status ? `${labelOf(entry.from_status)} → ` : ''}
              {labelOf(entry.status)}
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              {entry.actor ? ` · by ${actorLabel(entry.actor)}` : ''}
              {/* An agent's moves name the agent, as customers and admins know them: their business name. */}
              {entry.actor && entry.actor_name ? ` (${entry.actor_name})` : ''}
            </p>
            {entry.note && <p className="mt-1 text-slate-700">“{entry.note}”</p>}
          </li>
        );
      })}
    </ol>
  );
}
