import { cn } from '@/lib/utils';
import type { AdminRaffleTicket } from '@ruwa/contract/replies';

const styles: Record<AdminRaffleTicket['status'], string> = {
  live: 'bg-green-50 text-green-800 ring-green-600/30',
  won: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function RaffleStatusBadge({ status }: { status: AdminRaffleTicket['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset',
        styles[status] ?? styles.expired,
      )}
    >
      {status}
    </span>
  );
}
