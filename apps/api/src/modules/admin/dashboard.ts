import { koboToNaira } from '@ruwa/contract';
import { lagosDay } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { countPendingApplications } from '../agents/service';
import { orderStats, subscriptionRevenue } from '../orders/service';
import { countNewCustomers } from '../users/service';
import { vtuStats } from '../vtu/service';
import { walletStats } from '../wallet/service';
import { lagosDayStart } from '../../lib/lagos-time';

/** How many Lagos calendar days each range covers, today included. */
export const RANGES = { today: 1, '7d': 7, '30d': 30 } as const;
export type Range = keyof typeof RANGES;
/** The charts cover the same 30 days as the '30d' figures, so the two always add up alike. */
const CHART_DAYS = RANGES['30d'];

const KINDS = ['sachet_water', 'bottle_water', 'gas', 'airtime', 'data'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

/** Midnight in Lagos at the start of a window of `days` calendar days ending today. */
const startOfDays = (days: number, now: Date): Date => lagosDayStart(now, days - 1);

/**
 * Every figure comes from aggregate SQL; nothing loads rows into Node. Revenue is what customers paid
 * for one-off orders (not refunded), for subscriptions (less refunds, on the day bought) and for
 * delivered airtime and data; a subscription's scheduled deliveries count as orders, not again as revenue.
 */
export async function dashboard(db: DbOrTx, range: Range, now = new Date()) {
  const from = startOfDays(RANGES[range], now);
  const chartFrom = startOfDays(CHART_DAYS, now);
  const since = from < chartFrom ? from : chartFrom;
  const [orders, vtu, wallet, newCustomers, pendingAgents, vtuChart, subs] = await Promise.all([
    orderStats(db, { from, chartFrom }),
    vtuStats(db, from),
    walletStats(db, from),
    countNewCustomers(db, from),
    countPendingApplications(db),
    vtuStats(db, chartFrom),
    subscriptionRevenue(db, since),
  ]);

  const fromDay = lagosDay(from);
  const revenueKobo: Record<Kind, number> = {
    sachet_water: 0,
    bottle_water: 0,
    gas: 0,
    airtime: vtu.airtimeKobo,
    data: vtu.dataKobo,
  };
  for (const row of orders.byKind) if (isKind(row.kind)) revenueKobo[row.kind] += row.kobo;
  for (const row of subs) if (row.day >= fromDay && isKind(row.kind)) revenueKobo[row.kind] += row.kobo;

  // 30 days of revenue and orders per day, by kind, with empty days filled in.
  const days = Array.from({ length: CHART_DAYS }, (_, i) =>
    lagosDay(new Date(chartFrom.getTime() + i * 86_400_000 + 3_600_000)),
  );
  const chartKobo = new Map(
    days.map((day) => [
      day,
      { revenue: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>, orders: 0 },
    ]),
  );
  for (const row of orders.series) {
    const point = chartKobo.get(row.day);
    if (!point) continue;
    if (isKind(row.kind)) point.revenue[row.kind] += row.kobo;
    point.orders += row.orders;
  }
  for (const row of vtuChart.series) {
    const point = chartKobo.get(row.day);
    if (!point) continue;
    point.revenue[row.kind] += row.kobo;
    point.orders += row.purchases;
  }
  for (const row of subs) {
    const point = chartKobo.get(row.day);
    if (point && isKind(row.kind)) point.revenue[row.kind] += row.kobo;
  }
  const chart = days.map((day) => {
    const point = chartKobo.get(day)!;
    return {
      day,
      revenue: Object.fromEntries(KINDS.map((k) => [k, koboToNaira(point.revenue[k])])) as Record<Kind, number>,
      orders: point.orders,
    };
  });

  return {
    range,
    from: from.toISOString(),
    revenue: Object.fromEntries(KINDS.map((k) => [k, koboToNaira(revenueKobo[k])])) as Record<Kind, number>,
    revenue_total: koboToNaira(Object.values(revenueKobo).reduce((a, b) => a + b, 0)),
    orders_by_status: Object.fromEntries(orders.byStatus.map((r) => [r.status, r.n])),
    vtu: {
      purchases: vtu.total,
      delivered: vtu.delivered,
      success_rate: vtu.total ? Math.round((vtu.delivered / vtu.total) * 1000) / 10 : null,
      refunds: vtu.refunded,
      refunded_amount: koboToNaira(vtu.refundedKobo),
    },
    deposits: { count: wallet.deposits.n, amount: koboToNaira(wallet.deposits.kobo) },
    withdrawals: { count: wallet.withdrawals.n, amount: koboToNaira(wallet.withdrawals.kobo) },
    wallet_float: koboToNaira(wallet.floatKobo),
    new_customers: newCustomers,
    active_subscriptions: orders.activeSubscriptions,
    pending_agent_applications: pendingAgents,
    chart,
  };
}
