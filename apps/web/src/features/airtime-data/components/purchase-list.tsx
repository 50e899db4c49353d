import { purchaseReference } from '@ruwa/contract/purchase-reference';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '@ruwa/contract/money';
import { formatDateTime } from '@ruwa/contract/dates';
import type { VtuPurchase } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { getMyPurchases } from '../api/get-recent-purchases';
import { STATUS_LABELS } from './recent-purchases';

const PER_PAGE = 10;
const LABELS = { mtn: 'MTN', glo: 'Glo', airtel: 'Airtel', etisalat: '9mobile' } as const;

const STATUS_TONES: Record<VtuPurchase['status'], string> = {
  delivered: 'bg-brand-50 text-brand-800',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
  refunded: 'bg-slate-100 text-slate-800',
};

/** The customer's airtime and data purchases, listed with their orders; each opens its outcome. */
export function PurchaseList({ purchaseHref }: { purchaseHref: (id: number) => string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isPlaceholderData } = useQuery({
    queryKey: queryKeys.vtu.minePage(page),
    queryFn: ({ signal }) => getMyPurchases(page, PER_PAGE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  return (
    <section aria-labelledby="vtu-purchases-heading" className="space-y-3">
      <h3 id="vtu-purchases-heading" className="text-base font-bold text-slate-900">
        Airtime and data
      </h3>
      {isPending ? (
        <div role="status" aria-label="Loading your airtime and data purchases" className="space-y-2">
          <Skeleton className="h-16" />
        </div>
      ) : isError && !data ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
        >
          Your airtime and data purchases could not be loaded.
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data.data.length === 0 ? (
        <p className="text-sm text-slate-600">Airtime and data you buy will show here.</p>
      ) : (
        <>
          <ul className="space-y-3" aria-busy={isPlaceholderData || undefined}>
            {data.data.map((purchase) => (
              <li key={purchase.id}>
                <Link
                  to={purchaseHref(purchase.id)}
                  className="flex items-center gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex items-start justify-between gap-2">
                      <p className="font-semibold text-slate-900">
                        <span className="sr-only">Purchase {purchaseReference('vtu', purchase.id)}: </span>
                        {LABELS[purchase.network]}{' '}
                        {purchase.kind === 'airtime' ? 'airtime' : `${purchase.bundle ?? ''} data`} for {purchase.phone}
                      </p>
                      <span
                        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[purchase.status]}`}
                      >
                        {STATUS_LABELS[purchase.status]}
                      </span>
                    </div>
                    <p className="text-sm font-semibold text-slate-900">{formatNaira(purchase.amount)}</p>
                    <p className="text-xs text-slate-600">
                      {purchaseReference('vtu', purchase.id)} · {formatDateTime(purchase.created_at)}
                    </p>
                  </div>
                  <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={data} onPageChange={setPage} disabled={isPlaceholderData} label="Airtime and data pages" />
        </>
      )}
    </section>
  );
}
