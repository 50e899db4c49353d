import { formatNaira, type WithdrawalStatus } from '@ruwa/contract';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgentDashboard } from '../api/get-agent-dashboard';
import { useAgentPayouts } from '../api/get-agent-payouts';
import { useAgentRewards } from '../api/get-agent-rewards';
import { usePageParam } from '@/lib/use-page-param';
import { formatDateTime, kindLabel } from '../utils/format';
import { ListSkeleton } from './list-skeleton';
import { LoadError } from './load-error';

const PAYOUT_STATUSES: Record<WithdrawalStatus, string> = {
  held: 'Being checked',
  pending: 'On its way',
  success: 'Paid',
  reversed: 'Failed, back in wallet',
  cancelled: 'Cancelled',
};

/** The agent's latest withdrawals of their earnings to the bank, with where each stands. */
function Payouts() {
  const payouts = useAgentPayouts();
  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
        Payouts
      </h2>
      {payouts.isPending ? (
        <ListSkeleton />
      ) : payouts.isError ? (
        <LoadError message={payouts.error.message} onRetry={() => void payouts.refetch()} />
      ) : payouts.data.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          No payouts yet. Withdraw your earnings from your wallet to your bank account.
        </p>
      ) : (
        <ul aria-label="Payouts" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {payouts.data.data.map((payout) => (
            <li key={payout.reference} className="flex items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-slate-900">{payout.destination}</p>
                <p className="text-xs text-slate-600">
                  {PAYOUT_STATUSES[payout.status]} · {formatDateTime(payout.created_at)}
                </p>
              </div>
              <p className="font-semibold text-slate-900 tabular-nums">{formatNaira(payout.amount)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The commissions earned on delivered orders, with the total, and the payouts of them (DESIGN 'Agents'). */
export function RewardsScreen() {
  const [page, setPage] = usePageParam();
  const rewards = useAgentRewards(page);
  const dashboard = useAgentDashboard();

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Rewards</h1>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-700 p-4 text-white">
          <dt className="text-sm">Total earned</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="rewards-total">
            {dashboard.data ? (
              formatNaira(dashboard.data.earnings_all_time)
            ) : (
              <Skeleton className="h-8 w-24" tone="brand" />
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">This month</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
            {dashboard.data ? formatNaira(dashboard.data.earnings_this_month) : <Skeleton className="h-8 w-24" />}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="commissions-heading" className="space-y-3">
        <h2 id="commissions-heading" className="text-lg font-semibold text-slate-900">
          Commissions
        </h2>
        {rewards.isPending ? (
          <ListSkeleton />
        ) : rewards.isError ? (
          <LoadError message={rewards.error.message} onRetry={() => void rewards.refetch()} />
        ) : rewards.data.data.length === 0 ? (
          <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
            No data yet. You earn a commission on every order you deliver.
          </p>
        ) : (
          <ul
            aria-label="Commissions"
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {rewards.data.data.map((reward) => (
              <li key={reward.id} className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">Order #{reward.order_id}</p>
                  <p className="text-xs text-slate-600">
                    {kindLabel(reward.kind)} · {reward.percent}% of {formatNaira(reward.order_amount)} ·{' '}
                    {formatDateTime(reward.created_at)}
                  </p>
                </div>
                <p className="font-semibold text-emerald-800 tabular-nums">+{formatNaira(reward.amount)}</p>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={rewards.data}
          onPageChange={setPage}
          disabled={rewards.isPlaceholderData}
          label="Commissions pages"
        />
      </section>

      <Payouts />
    </div>
  );
}
