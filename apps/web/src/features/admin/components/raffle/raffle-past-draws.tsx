import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { useRaffleDraws } from '../../api/raffle/get-raffle-draws';
import type { RaffleDraw } from '@ruwa/contract/replies';
import { usePageParam } from '@/lib/use-page-param';
import { formatMoment } from './raffle-format';

const columns: Column<RaffleDraw>[] = [
  {
    header: 'Ticket',
    cell: (draw) => <span className="font-mono">{draw.slug}</span>,
    className: 'font-medium text-slate-900',
  },
  {
    header: 'Winner',
    cell: (draw) => (
      <span>
        <span className="block text-slate-900">
          {draw.winner.firstName} {draw.winner.lastName}
        </span>
        <span className="block text-xs text-slate-600">{draw.winner.email}</span>
      </span>
    ),
  },
  { header: 'Tickets in draw', cell: (draw) => draw.candidates_count, className: 'tabular-nums' },
  { header: 'Drawn', cell: (draw) => <time dateTime={draw.drawn_at}>{formatMoment(draw.drawn_at)}</time> },
];

/** Earlier draws, newest first (the page is in the address). */
export function RafflePastDraws() {
  const [page, setPage] = usePageParam();
  const { data, isPending, isFetching, isPlaceholderData } = useRaffleDraws(page);
  return (
    <section aria-labelledby="past-draws-heading" className="space-y-3">
      <h2 id="past-draws-heading" className="text-lg font-semibold text-slate-900">
        Past draws
      </h2>
      <DataTable
        caption="Past draws"
        columns={columns}
        rows={data?.data}
        rowKey={(draw) => draw.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Past draws pages" />
    </section>
  );
}
