import { History } from 'lucide-react';
import {
  formatNaira,
  NETWORK_LABELS,
  normalizeNigerianPhone,
  type Beneficiary,
  type VtuPurchase,
} from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBeneficiaries } from '../api/get-beneficiaries';
import { NameNumber, SavedNumbers } from './saved-numbers';

export const RECENT_LIMIT = 5;

/** The latest purchase of each different number and amount (or bundle), newest first. */
export function distinctRecent(purchases: VtuPurchase[], kind: VtuPurchase['kind'], limit = RECENT_LIMIT) {
  const seen = new Set<string>();
  const recent: VtuPurchase[] = [];
  for (const purchase of purchases) {
    if (purchase.kind !== kind) continue;
    const key = [purchase.phone, purchase.network, purchase.bundle ?? purchase.amount].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    recent.push(purchase);
    if (recent.length === limit) break;
  }
  return recent;
}

export const STATUS_LABELS: Record<VtuPurchase['status'], string> = {
  delivered: 'Delivered',
  pending: 'Processing',
  failed: 'Failed',
  refunded: 'Refunded',
};

type RecentPurchasesProps = {
  kind: VtuPurchase['kind'];
  purchases: VtuPurchase[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Fills the form with this purchase's number, network and amount or bundle. */
  onRepeat: (purchase: VtuPurchase) => void;
  /** Fills the form with a saved number and its network. */
  onPickSaved: (saved: Beneficiary) => void;
};

/** The saved name of a number on a network, if the customer gave it one. */
function savedNameOf(saved: Beneficiary[] | undefined, phone: string, network: VtuPurchase['network']) {
  const international = normalizeNigerianPhone(phone) ?? phone;
  return saved?.find((entry) => entry.phone === international && entry.network_id === network)?.name;
}

/**
 * 'Recent': the numbers the customer named (a tap fills the form; each can be removed), then the
 * latest purchases, where one tap puts a past number (and what was bought) back in the form and an
 * unnamed number can be given a name.
 */
export function RecentPurchases({
  kind,
  purchases,
  isLoading,
  isError,
  onRetry,
  onRepeat,
  onPickSaved,
}: RecentPurchasesProps) {
  const headingId = `recent-${kind}-heading`;
  const recent = purchases ? distinctRecent(purchases, kind) : [];
  const saved = useBeneficiaries();

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-bold text-slate-900">
        <History className="size-4 text-slate-600" aria-hidden="true" />
        Recent
      </h2>
      <SavedNumbers
        saved={saved.data}
        isError={saved.isError}
        onRetry={() => void saved.refetch()}
        onPick={onPickSaved}
      />
      {isLoading && !purchases ? (
        <div role="status" aria-label="Loading recent numbers" className="space-y-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : isError && !purchases ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
        >
          Your recent numbers could not be loaded.
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : recent.length === 0 ? (
        <p className="text-sm text-slate-600">
          {kind === 'airtime' ? 'Numbers you top up' : 'Numbers you buy data for'} will show here.
        </p>
      ) : (
        <ul className="space-y-2">
          {recent.map((purchase) => {
            const what = purchase.bundle ?? formatNaira(purchase.amount);
            const name = savedNameOf(saved.data, purchase.phone, purchase.network);
            return (
              <li key={purchase.id} className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  onClick={() => onRepeat(purchase)}
                  className="flex min-w-0 flex-1 cursor-pointer items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 text-left ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span>
                    {/* Its name is what it shows (WCAG 2.5.3), told as what a tap does. */}
                    <span className="sr-only">Buy again:</span>{' '}
                    <span className="block text-sm font-semibold text-slate-900">{purchase.phone}</span>{' '}
                    <span className="block text-xs text-slate-600">
                      {name ? `${name} · ` : ''}
                      {NETWORK_LABELS[purchase.network]} · {what}
                    </span>
                  </span>{' '}
                  <span className="text-xs text-slate-600">{STATUS_LABELS[purchase.status]}</span>
                </button>
                {!name && saved.isSuccess && <NameNumber phone={purchase.phone} network={purchase.network} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
