import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import type { WalletTransactionRow } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { usePageParam } from '@/lib/use-page-param';
import { cn } from '@/lib/utils';
import { NO_FILTERS, useWalletTransactions } from '../api/get-wallet-transactions';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { HISTORY_TEXTS as T } from '../utils/history-texts';
import { formatTransactionDate, signedAmount, transactionBadge, transactionTypeLabel } from '../utils/transactions';
import { TransactionFiltersBar } from './transaction-filters';

export const NO_TRANSACTIONS_MESSAGE = 'No data yet';

const badgeStyles: Record<ReturnType<typeof transactionBadge>['tone'], string> = {
  success: 'bg-green-50 text-green-800 ring-green-600/30',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
  // Money that came back is not a success to celebrate: blue, never green.
  refunded: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function StatusBadge({ transaction }: { transaction: WalletTransactionRow }) {
  const badge = transactionBadge(transaction);
  return (
    <span
      data-tone={badge.tone}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        badgeStyles[badge.tone],
      )}
    >
      {badge.label}
    </span>
  );
}

type ReceiptHref = (txId: string) => string;

function TransactionRow({ transaction, receiptHref }: { transaction: WalletTransactionRow; receiptHref: ReceiptHref }) {
  const credit = transaction.direction === 'credit';
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  const { refund } = transaction;
  return (
    <li className="py-1" data-testid="wallet-transaction">
      {/* The whole row is one link to its receipt: one tab stop, one tap target. */}
      <Link
        to={receiptHref(transaction.tx_id)}
        className="-mx-2 flex items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
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
          {/* Wrapped, never cut: the phone number at the end is what people look for. */}
          {transaction.description && (
            <p className="text-sm break-words text-slate-600" data-testid="transaction-description">
              {transaction.description}
            </p>
          )}
          <p className="text-xs text-slate-600">
            <time dateTime={transaction.created_at}>{formatTransactionDate(transaction.created_at)}</time>
          </p>
          {refund && (
            <p className="text-xs text-sky-900">
              {T.refundedOn(formatNaira(refund.amount), formatTransactionDate(refund.created_at))}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className={cn('font-semibold tabular-nums', credit ? 'text-green-700' : 'text-slate-900')}>
            <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
            <span aria-hidden="true">{signedAmount(transaction)}</span>
            {formatNaira(transaction.amount)}
          </p>
          <StatusBadge transaction={transaction} />
        </div>
      </Link>
      {refund && (
        <Link
          to={receiptHref(refund.tx_id)}
          className="ml-13 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {T.seeRefund}
        </Link>
      )}
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

/**
 * The wallet's entries, newest first, a page at a time, narrowed by the filters; the page and the
 * filters are in the address. Each row opens its receipt.
 */
export function TransactionList({ receiptHref }: { receiptHref: ReceiptHref }) {
  const [page, setPage] = usePageParam();
  const { filters, active, setFilters } = useTransactionFilters();
  const transactions = useWalletTransactions(page, filters);
  const { data, error, isPending, isError, isPlaceholderData, refetch } = transactions;
  const clear = () => setFilters(NO_FILTERS);

  let body;
  if (isPending) body = <LoadingRows />;
  else if (isError && !data) {
    body = (
      <div role="alert" className="rounded-xl border border-slate-200 p-4 text-center">
        <p className="text-slate-700">{isApiError(error) && error.isValidation ? error.message : T.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void (active ? clear() : refetch())}>
          {active ? T.clearFilters : T.retry}
        </Button>
      </div>
    );
  } else if (!data || data.data.length === 0) {
    body = active ? (
      <div className="rounded-xl bg-slate-50 px-4 py-8 text-center" data-testid="no-matching-transactions">
        <p className="font-semibold text-slate-900">{T.noMatches}</p>
        <p className="mt-1 text-sm text-slate-600">{T.noMatchesHint}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={clear}>
          {T.clearFilters}
        </Button>
      </div>
    ) : (
      <p className="rounded-xl bg-slate-50 py-10 text-center text-slate-600">{NO_TRANSACTIONS_MESSAGE}</p>
    );
  } else {
    body = (
      <ul
        aria-label="Wallet transactions"
        aria-busy={isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100', isPlaceholderData && 'opacity-60')}
      >
        {data.data.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} receiptHref={receiptHref} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="wallet-transactions-heading" className="space-y-3">
      <h2 id="wallet-transactions-heading" className="text-lg font-semibold text-slate-900">
        Transactions
      </h2>
      <TransactionFiltersBar key={JSON.stringify(filters)} filters={filters} active={active} onChange={setFilters} />
      {body}
      {data && (data.last_page > 1 || data.current_page > 1) && (
        <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Transaction pages" />
      )}
    </section>
  );
}
