import { Gift, Ticket } from 'lucide-react';
import { useMyRaffleTickets } from '../api/get-my-raffle-tickets';
import { useNextDraw } from '../api/get-next-draw';
import type { NextRaffleDraw, RaffleTicket } from '@ruwa/contract/replies';
import { formatDay } from '../utils/format';
import { TicketStatusBadge } from './ticket-status-badge';
import { PagedList } from './paged-list';

/** When the next draw is and what it gives, or that both are still to be announced. */
function NextDraw({ draw }: { draw: NextRaffleDraw | undefined }) {
  if (!draw) return null;
  return (
    <section
      aria-label="Next draw"
      className="mb-3 flex items-start gap-3 rounded-xl bg-brand-50 p-3 text-sm text-slate-800 ring-1 ring-brand-100"
    >
      <Gift className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="space-y-0.5">
        <p>
          <span className="font-semibold text-slate-900">Next draw: </span>
          {draw.draw_date ? <time dateTime={draw.draw_date}>{formatDay(draw.draw_date)}</time> : 'date to be announced'}
        </p>
        <p>
          <span className="font-semibold text-slate-900">Prize: </span>
          {draw.prize ?? 'to be announced'}
        </p>
        <p className="text-slate-700">Every live ticket on the draw day is in it.</p>
      </div>
    </section>
  );
}

function TicketRow({ ticket, drawDate }: { ticket: RaffleTicket; drawDate: string | null }) {
  const expired = ticket.status === 'expired';
  // A live ticket is in the next draw unless it expires before that day.
  const inNextDraw = ticket.status === 'live' && drawDate !== null && ticket.expiration_date >= drawDate;
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
        {inNextDraw && (
          <p className="text-sm text-brand-700">
            In the draw on <time dateTime={drawDate}>{formatDay(drawDate)}</time>
          </p>
        )}
      </div>
      <TicketStatusBadge status={ticket.status} />
    </>
  );
}

export function TicketList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const tickets = useMyRaffleTickets(page);
  const draw = useNextDraw().data;
  return (
    <>
      <NextDraw draw={draw} />
      <PagedList
        label="Raffle tickets"
        query={tickets}
        onPageChange={onPageChange}
        rowKey={(ticket) => ticket.id}
        renderRow={(ticket) => <TicketRow ticket={ticket} drawDate={draw?.draw_date ?? null} />}
      />
    </>
  );
}
