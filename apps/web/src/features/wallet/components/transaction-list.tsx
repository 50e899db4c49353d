import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { WalletTransaction } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { usePageParam } from '@/lib/use-page-param';
import {
  formatTransactionDate,
  signedAmount,
  transactionStatusLabel,
  transactionTypeLabel,
} from '../utils/transactions';

export const NO_TRANSACTIONS_MESSAGE = 'No data yet';

const statusStyles: Record<string, string> = {
  success: 'bg-green-50 text-green-800 ring-green-600/30',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
  reversed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  held: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        statusStyles[status] ?? statusStyles.reversed,
      )}
    >
      {transactionStatusLabel(status)}
    </span>
  );
}

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const credit = transaction.direction === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="wallet-transaction">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          credit ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-700',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{transactionTypeLabel(transaction.type)}</p>
        {transaction.description && <p className="truncate text-sm text-slate-600">{transaction.description}</p>}
        <p className="text-xs text-slate-600">
          <time dateTime={transaction.created_at}>{formatTransactionDate(transaction.created_at)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className={cn('font-semibold tabular-nums', credit ? 'text-green-700' : 'text-slate-900')}>
          <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
          <span aria-hidden="true">{signedAmount(transaction)}</span>
          {formatNaira(transaction.amount)}
        </p>
        <StatusBadge status={transaction.status} />
      </div>
    </li>
  );
}

function LoadingRows() {
  return (
    <ul aria-busy="true" aria-label="Loading transactions" className="divide-y divide-slate-100">
      {[0, 1, 2].map((key) => (
        <li key={key} className="flex items-center gap-3 py-3">
          <Skeleton className="size-10" shape="circle" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-5 w-16" />
        </li>
      ))}
    </ul>
  );
}

/** The wallet's entries, newest first, a page at a time (the page is in the address). */
export function TransactionList() {
  const [page, setPage] = usePageParam();
  const transactions = useWalletTransactions(page);
  const { data, isPending, isError, isPlaceholderData, refetch } = transactions;

  let body;
  if (isPending) body = <LoadingRows />;
  else if (isError && !data) {
    body = (
      <div className="rounded-xl border border-slate-200 p-4 text-center">
        <p className="text-slate-700">We could not load your transactions.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data || data.data.length === 0) {
    body = <p className="rounded-xl bg-slate-50 py-10 text-center text-slate-600">{NO_TRANSACTIONS_MESSAGE}</p>;
  } else {
    body = (
      <ul
        aria-label="Wallet transactions"
        aria-busy={isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100', isPlaceholderData && 'opacity-60')}
      >
        {data.data.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="wallet-transactions-heading" className="space-y-1">
      <h2 id="wallet-transactions-heading" className="text-lg font-semibold text-slate-900">
        Transactions
      </h2>
      {body}
      {data && (data.last_page > 1 || data.current_page > 1) && (
        <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Transaction pages" />
      )}
    </section>
  );
}
