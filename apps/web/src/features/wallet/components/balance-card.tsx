import type { Wallet } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

type BalanceCardProps = {
  wallet: Wallet | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
};

/** The wallet balance and the savings pocket beside it. */
export function BalanceCard({ wallet, isPending, isError, onRetry }: BalanceCardProps) {
  return (
    <section
      aria-label="Balances"
      aria-busy={isPending || undefined}
      // Where the page's early script paints the balance before the app starts (src/early-answers.ts).
      data-slot="wallet-balances"
      className="rounded-2xl bg-linear-to-br from-brand-600 to-brand-800 p-5 text-white shadow-sm"
    >
      {isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-4 w-28" tone="on-brand" />
          <Skeleton className="h-9 w-44" tone="on-brand" />
          <Skeleton className="h-4 w-32" tone="on-brand" />
        </div>
      ) : isError && !wallet ? (
        <div className="space-y-3">
          <p className="font-medium">We could not load your wallet.</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <dl>
          <dt className="text-sm font-medium text-brand-100">Wallet balance</dt>
          <dd className="mt-1 text-3xl font-bold tracking-tight tabular-nums" data-testid="wallet-balance">
            {formatNaira(wallet?.balance)}
          </dd>
          <div className="mt-4 flex items-baseline gap-2 text-sm">
            <dt className="text-brand-100">Savings</dt>
            <dd className="font-semibold tabular-nums" data-testid="savings-balance">
              {formatNaira(wallet?.savings)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
