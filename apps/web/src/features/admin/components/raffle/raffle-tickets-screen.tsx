import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { useRaffleTickets } from '../../api/raffle/get-raffle-tickets';
import type { AdminRaffleTicket } from '@ruwa/contract/replies';
import { usePageParam } from '@/lib/use-page-param';
import { RaffleCreateTicketsForm } from './raffle-create-tickets-form';
import { formatDay } from './raffle-format';
import { RaffleStatusBadge } from './raffle-status-badge';

const columns: Column<AdminRaffleTicket>[] = [
  {
    header: 'Slug',
    cell: (ticket) => <span className="font-mono">{ticket.slug}</span>,
    className: 'font-medium text-slate-900',
  },
  {
    header: 'Expiration date',
    cell: (ticket) => <time dateTime={ticket.expiration_date}>{formatDay(ticket.expiration_date)}</time>,
  },
  {
    header: 'Owner',
    cell: (ticket) =>
      ticket.owner ? (
        <span>
          <span className="block text-slate-900">{ticket.owner.name}</span>
          <span className="block text-xs text-slate-600">{ticket.owner.email}</span>
        </span>
      ) : (
        '—'
      ),
  },
  { header: 'Status', cell: (ticket) => <RaffleStatusBadge status={ticket.status} /> },
];

/** Raffle tickets table (#, slug, expiration date; plus owner and status). */
export function RaffleTicketsScreen({ drawHref }: { drawHref: string }) {
  const [page, setPage] = usePageParam();
  const { data, isPending, isFetching, isPlaceholderData } = useRaffleTickets(page);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Raffle Tickets</h1>
        <Button asChild size="sm">
          <Link to={drawHref}>
            <Trophy className="size-4" aria-hidden="true" />
            Draw raffle
          </Link>
        </Button>
      </div>
      <RaffleCreateTicketsForm />
      <DataTable
        caption="Raffle tickets"
        columns={columns}
        rows={data?.data}
        rowKey={(ticket) => ticket.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Raffle tickets pages" />
    </div>
  );
}
