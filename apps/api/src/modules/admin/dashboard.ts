import { koboToNaira } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { countPendingApplications } from '../agents/service';
import { orderStats } from '../orders/service';
import { countNewCustomers } from '../users/service';
import { vtuStats } from '../vtu/service';
import { walletStats } from '../wallet/service';

export const RANGES = { today: 0, '7d': 7, '30d': 30 } as const;
export type Range = keyof typeof RANGES;

const KINDS = ['sachet_water', 'bottle_water', 'gas', 'airtime', 'data'] as const;

/** Midnight in Lagos `days` days ago (today's midnight for 0). */
function startOf(range: Range, now: Date): Date {
  const lagosToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(now);
  const midnight = new Date(`${lagosToday}T00:00:00+01:00`);
  return new Date(midnight.getTime() - RANGES[range] * 86_400_000);
}

/** Every figure comes from aggregate SQL in the owning module; nothing loads rows into Node. */
export async function dashboard(db: DbOrTx, range: Range, now = new Date()) {
  const from = startOf(range, now);
  // The chart covers 30 calendar days in Lagos, ending today.
  const todayStart = startOf('today', now);
  const chartFrom = new Date(todayStart.getTime() - 29 * 86_400_000);
  const [orders, vtu, wallet, newCustomers, pendingAgents, ordersChart, vtuChart] = await Promise.all([
    orderStats(db, from),
    vtuStats(db, from),
    walletStats(db, from),
    countNewCustomers(db, from),
    countPendingApplications(db),
    orderStats(db, chartFrom),
    vtuStats(db, chartFrom),
  ]);

  const revenueKobo: Record<(typeof KINDS)[number], number> = { sachet_water: 0, bottle_water: 0, gas: 0, airtime: vtu.airtimeKobo, data: vtu.dataKobo };
  for (const row of [...orders.byKind, ...orders.subs]) if (row.kind in revenueKobo) revenueKobo[row.kind as (typeof KINDS)[number]] += row.kobo;

  // 30 days of revenue and orders per day, by kind, with empty days filled in.
  const series = ordersChart.series;
  const vtuSeries = vtuChart.series;
  const days = Array.from({ length: 30 }, (_, i) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(chartFrom.getTime() + i * 86_400_000 + 3_600_000)),
  );
  const chart = days.map((day) => {
    const revenue = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<(typeof KINDS)[number], number>;
    let count = 0;
    for (const row of series.filter((r) => r.day === day)) {
      if (row.kind in revenue) revenue[row.kind as (typeof KINDS)[number]] += koboToNaira(row.kobo);
      count += row.orders;
    }
    for (const row of vtuSeries.filter((r) => r.day === day)) {
      revenue[row.kind] += koboToNaira(row.kobo);
      count += row.purchases;
    }
    return { day, revenue, orders: count };
  });

  return {
    range,
    from: from.toISOString(),
    revenue: Object.fromEntries(KINDS.map((k) => [k, koboToNaira(revenueKobo[k])])) as Record<(typeof KINDS)[number], number>,
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
