import { formatNaira, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@ruwa/contract';
import type { Dashboard } from '@ruwa/contract/replies';
import { FigureCard, FigureSection } from './figure-card';
import { formatCount, formatPercent } from './format';

function statusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status.replaceAll('_', ' ');
}

/** Every status the lifecycle has (0 when none), then any other the server reports. */
function orderStatusRows(byStatus: Record<string, number>): [string, number][] {
  const known = ORDER_STATUSES.map((status): [string, number] => [status, byStatus[status] ?? 0]);
  const others = Object.entries(byStatus).filter(([status]) => !(ORDER_STATUSES as readonly string[]).includes(status));
  return [...known, ...others];
}

/**
 * The status figures and the orders chart count different things (the chart adds airtime and data,
 * which have no delivery status, and always spans 30 days), so each says what it counts.
 */
export const ORDERS_BY_STATUS_NOTE =
  'Water and gas orders placed in this range. Airtime and data are under their own heading.';
export const ORDERS_CHART_NOTE = 'Water and gas orders plus airtime and data purchases, per day.';

export function DashboardFigures({ data }: { data: Dashboard }) {
  const { revenue, vtu } = data;
  return (
    <div className="space-y-6">
      <FigureSection title="Revenue">
        <FigureCard label="Total revenue" value={formatNaira(data.revenue_total)} />
        <FigureCard
          label="Water"
          value={formatNaira(revenue.sachet_water + revenue.bottle_water)}
          detail={`Sachet ${formatNaira(revenue.sachet_water)} · Bottle ${formatNaira(revenue.bottle_water)}`}
        />
        <FigureCard label="Gas" value={formatNaira(revenue.gas)} />
        <FigureCard label="Airtime" value={formatNaira(revenue.airtime)} />
        <FigureCard label="Data" value={formatNaira(revenue.data)} />
      </FigureSection>

      <FigureSection title="Orders by status" note={ORDERS_BY_STATUS_NOTE}>
        {orderStatusRows(data.orders_by_status).map(([status, count]) => (
          <FigureCard key={status} label={statusLabel(status)} value={formatCount(count)} />
        ))}
      </FigureSection>

      <FigureSection title="Airtime and data">
        <FigureCard
          label="VTU success rate"
          value={formatPercent(vtu.success_rate)}
          detail={`${formatCount(vtu.delivered)} of ${formatCount(vtu.purchases)} purchases delivered`}
        />
        <FigureCard
          label="VTU refunds"
          value={formatCount(vtu.refunds)}
          detail={`${formatNaira(vtu.refunded_amount)} refunded`}
        />
      </FigureSection>

      <FigureSection title="Wallets">
        <FigureCard
          label="Deposits"
          value={formatNaira(data.deposits.amount)}
          detail={`${formatCount(data.deposits.count)} deposits`}
        />
        <FigureCard
          label="Withdrawals"
          value={formatNaira(data.withdrawals.amount)}
          detail={`${formatCount(data.withdrawals.count)} withdrawals`}
        />
        <FigureCard label="Wallet float" value={formatNaira(data.wallet_float)} detail="Held in all wallets now" />
      </FigureSection>

      <FigureSection title="People">
        <FigureCard label="New customers" value={formatCount(data.new_customers)} />
        <FigureCard label="Active subscriptions" value={formatCount(data.active_subscriptions)} detail="Now" />
        <FigureCard
          label="Pending agent applications"
          value={formatCount(data.pending_agent_applications)}
          detail="Now"
        />
      </FigureSection>
    </div>
  );
}
