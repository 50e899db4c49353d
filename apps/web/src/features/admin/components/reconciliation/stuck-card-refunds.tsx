import { useState } from 'react';
import { formatNaira, type StuckCardRefund } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAskPaystackAgain, useStuckCardRefunds } from '../../api/reconciliation';

const STATUS: Record<StuckCardRefund['status'], string> = {
  requested: 'Not accepted by Paystack',
  pending: 'Accepted, waiting for the bank',
  failed: 'Refused by the bank: sent to the wallet',
};

/** How long ago, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
function age(iso: string, now = Date.now()) {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes >= 120) return `${Math.floor(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What was refunded, as support names it. */
const subject = (row: StuckCardRefund) =>
  row.order_id !== null ? `Order #${row.order_id}` : `Airtime or data #${row.vtu_purchase_id}`;

function AskAgain({ refund }: { refund: StuckCardRefund }) {
  const mutation = useAskPaystackAgain();
  if (refund.status !== 'requested') return null;
  return (
    <Button
      size="sm"
      variant="outline"
      loading={mutation.isPending}
      aria-label={`Ask Paystack again for the refund of ${subject(refund).toLowerCase()}`}
      onClick={() =>
        // mutateAsync: a refund paid out meanwhile leaves the list, and this button with it.
        mutation.mutateAsync(refund.id).then(
          (result) => notifySuccess(result.message),
          (error: Error) => notifyError(error.message),
        )
      }
    >
      Ask Paystack again
    </Button>
  );
}

const columns: Column<StuckCardRefund>[] = [
  { header: 'Refund of', cell: (row) => subject(row) },
  {
    header: 'Transaction',
    cell: (row) => <span className="font-mono text-xs break-all">{row.transaction_reference}</span>,
  },
  { header: 'Amount', cell: (row) => formatNaira(row.amount) },
  { header: 'Where it stands', cell: (row) => STATUS[row.status] },
  {
    header: 'Tries',
    cell: (row) => (row.gave_up ? `${row.attempts} (the job has stopped asking)` : String(row.attempts)),
  },
  { header: 'Last error', cell: (row) => row.last_error ?? '—' },
  { header: 'Age', cell: (row) => age(row.created_at) },
  { header: 'Action', cell: (row) => <AskAgain refund={row} /> },
];

/**
 * Refunds to a card Paystack has not paid out: not accepted yet (asked again by the job every few
 * minutes, up to ten times, or here), accepted and waiting, or refused by the bank.
 */
export function StuckCardRefunds() {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isPlaceholderData } = useStuckCardRefunds(page);
  return (
    <section aria-labelledby="card-refunds-heading" className="space-y-3">
      <h2 id="card-refunds-heading" className="font-semibold text-slate-900">
        Card refunds not paid out
      </h2>
      <DataTable
        caption="Card refunds not paid out"
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        firstRowNumber={data ? (data.current_page - 1) * data.per_page + 1 : 1}
      />
      <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Card refund pages" />
    </section>
  );
}
