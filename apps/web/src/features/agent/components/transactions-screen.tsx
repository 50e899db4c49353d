import { formatNaira } from '@ruwa/contract';
import { Pager } from '@/components/ui/pager';
import { useAgentTransactions } from '../api/get-agent-transactions';
import { usePageParam } from '@/lib/use-page-param';
import { formatDateTime } from '../utils/format';
import { ListSkeleton } from './list-skeleton';
import { LoadError } from './load-error';
import { OrderStatusBadge } from './order-status-badge';

/** The agent's deliveries: every order they accepted, newest first, with its status. */
export function TransactionsScreen() {
  const [page, setPage] = usePageParam();
  const transactions = useAgentTransactions(page);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Transactions</h1>
      {transactions.isPending ? (
        <ListSkeleton />
      ) : transactions.isError ? (
        <LoadError message={transactions.error.message} onRetry={() => void transactions.refetch()} />
      ) : transactions.data.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          No data yet. Orders you accept show here.
        </p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {transactions.data.data.map((order) => (
            <li key={order.id} className="flex items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  Order #{order.id}: {order.product_name} × {order.quantity}
                </p>
                <p className="text-xs text-slate-600">
                  {order.location_name} · {formatDateTime(order.created_at)}
                </p>
                {order.recipient_address && (
                  <p className="truncate text-xs text-slate-600">{order.recipient_address}</p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold text-slate-900 tabular-nums">{formatNaira(order.order_amount)}</span>
                <OrderStatusBadge status={order.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={transactions.data}
        onPageChange={setPage}
        disabled={transactions.isPlaceholderData}
        label="Deliveries pages"
      />
    </div>
  );
}
