import type { RaffleTicketStatus } from '@ruwa/contract/replies';
import { cn } from '@/lib/utils';

const styles: Record<RaffleTicketStatus, string> = {
  live: 'bg-green-50 text-green-800 ring-green-600/30',
  won: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

const labels: Record<RaffleTicketStatus, string> = { live: 'Live', won: 'Won', expired: 'Expired' };

export function TicketStatusBadge({ status }: { status: RaffleTicketStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status] ?? styles.expired,
      )}
    >
      {labels[status] ?? status}
    </span>
  );
}
