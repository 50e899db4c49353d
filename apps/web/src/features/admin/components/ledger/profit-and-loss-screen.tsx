import { useSearchParams } from 'react-router';
import type { ProfitAndLossLine } from '@ruwa/contract';
import { formatDate, lagosDay } from '@ruwa/contract/dates';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useProfitAndLoss } from '../../api/get-profit-and-loss';
import { AccountName, signedAmount } from './ledger-format';
import { PeriodFields, type BooksView } from './period-fields';

const columns = (type: 'revenue' | 'expense'): Column<ProfitAndLossLine>[] => [
  { header: 'Code', cell: (row) => row.code },
  { header: 'Account', cell: (row) => <AccountName account={{ ...row, type }} /> },
  { header: 'Amount', cell: (row) => signedAmount(row.amount_kobo), className: 'text-right tabular-nums' },
];

/** The first day of the Lagos month `day` falls in. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * Profit and loss for a period of Lagos days, read from the journals: revenue net of refunds (a
 * contra-revenue account, shown negative), expenses, and the net. Opens on this month so far.
 */
export function ProfitAndLossScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = lagosDay();
  const from = searchParams.get('from') ?? monthStart(today);
  const to = searchParams.get('to') ?? today;
  const { data, isPending } = useProfitAndLoss(from, to);
  const apply = (view: BooksView) => setSearchParams({ from: view.from, to: view.to });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Profit and loss</h1>
      <PeriodFields view={{ asAt: '', from, to }} onApply={apply} periodRequired />
      <p className="text-sm text-slate-700">
        From {formatDate(from)} to {formatDate(to)}, both days included, from every journal posted in those Lagos days.
      </p>
      <section aria-labelledby="revenue-heading" className="space-y-2">
        <h2 id="revenue-heading" className="text-lg font-semibold text-slate-900">
          Revenue
        </h2>
        <DataTable
          caption="Revenue"
          columns={columns('revenue')}
          rows={data?.revenue}
          rowKey={(row) => row.code}
          isLoading={isPending}
        />
        {data && (
          <p className="text-right font-semibold text-slate-900 tabular-nums" data-testid="total-revenue">
            Total revenue {signedAmount(data.total_revenue_kobo)}
          </p>
        )}
      </section>
      <section aria-labelledby="expenses-heading" className="space-y-2">
        <h2 id="expenses-heading" className="text-lg font-semibold text-slate-900">
          Expenses
        </h2>
        <DataTable
          caption="Expenses"
          columns={columns('expense')}
          rows={data?.expenses}
          rowKey={(row) => row.code}
          isLoading={isPending}
        />
        {data && (
          <p className="text-right font-semibold text-slate-900 tabular-nums" data-testid="total-expenses">
            Total expenses {signedAmount(data.total_expenses_kobo)}
          </p>
        )}
      </section>
      {data && (
        <p
          className="rounded-lg bg-slate-100 p-4 text-right text-lg font-bold text-slate-900 tabular-nums"
          data-testid="net"
        >
          {data.net_kobo < 0 ? 'Net loss' : 'Net profit'} {signedAmount(Math.abs(data.net_kobo))}
        </p>
      )}
    </div>
  );
}
