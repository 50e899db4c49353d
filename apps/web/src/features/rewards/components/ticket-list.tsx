import { Ticket } from 'lucide-react';
import { useMyRaffleTickets } from '../api/get-my-raffle-tickets';
import type { RaffleTicket } from '@ruwa/contract/replies';
import { formatDay } from '../utils/format';
import { TicketStatusBadge } from './ticket-status-badge';
import { PagedList } from './paged-list';

function TicketRow({ ticket }: { ticket: RaffleTicket }) {
  const expired = ticket.status === 'expired';
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Ticket className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-mono font-semibold tracking-wide text-slate-900">{ticket.slug}</p>
        <p className="text-sm text-slate-700">
          {expired ? 'Expired' : 'Expires'}{' '}
          <time dateTime={ticket.expiration_date}>{formatDay(ticket.expiration_date)}</time>
        </p>
      </div>
      <TicketStatusBadge status={ticket.status} />
    </>
  );
}

export function TicketList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const tickets = useMyRaffleTickets(page);
  return (
    <PagedList
      label="Raffle tickets"
      query={tickets}
      onPageChange={onPageChange}
      rowKey={(ticket) => ticket.id}
      renderRow={(ticket) => <TicketRow ticket={ticket} />}
    />
  );
}
