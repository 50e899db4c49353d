import { and, count, eq, gte, sql } from 'drizzle-orm';
import { lagosDay } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { lagosDateOf, lagosDayOf } from '../../lib/lagos-time';
import { orders, subscriptions, type OrderRow } from './schema';

// The dashboards' figures, computed in SQL.

/** Counts for an agent's dashboard, computed in SQL. */
export async function agentOrderStats(
  db: DbOrTx,
  agentId: number,
  since: { week: Date; month: Date; chartFrom: Date },
) {
  const [row] = await db
    .select({
      inProgress: sql<number>`count(*) filter (where ${orders.status} in ('assigned', 'out_for_delivery'))`.mapWith(
        Number,
      ),
      deliveredWeek:
        sql<number>`count(*) filter (where ${orders.status} = 'delivered' and ${orders.updatedAt} >= ${since.week})`.mapWith(
          Number,
        ),
      deliveredMonth:
        sql<number>`count(*) filter (where ${orders.status} = 'delivered' and ${orders.updatedAt} >= ${since.month})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.assignedAgentId, agentId));
  const perDay = await db
    .select({
      day: lagosDayOf(orders.updatedAt),
      deliveries: count(),
    })
    .from(orders)
    .where(
      and(eq(orders.assignedAgentId, agentId), eq(orders.status, 'delivered'), gte(orders.updatedAt, since.chartFrom)),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { ...row!, perDay };
}

/**
 * Subscription revenue per Lagos day and kind since `since`: what was paid for each subscription, less
 * what its cancellation refunded, on the day it was bought. The figures and the chart both read it, so
 * a subscription counts in the revenue chart exactly as it counts in the revenue figures.
 */
export async function subscriptionRevenue(db: DbOrTx, since: Date) {
  const day = lagosDayOf(subscriptions.createdAt);
  return db
    .select({
      day,
      kind: subscriptions.categoryKind,
      kobo: sql<number>`coalesce(sum(${subscriptions.amountKobo} - ${subscriptions.refundedKobo}), 0)`.mapWith(Number),
    })
    .from(subscriptions)
    .where(gte(subscriptions.createdAt, since))
    .groupBy(sql`1`, subscriptions.categoryKind);
}

const PAID_STATUSES: readonly OrderRow['status'][] = ['paid', 'assigned', 'out_for_delivery', 'delivered'];

/**
 * Dashboard figures: revenue by kind since `from` (one-off orders plus subscriptions, refunds
 * excluded), orders by status since `from`, active subscriptions, and a per-day series in Lagos
 * time since `chartFrom`. Both instants are Lagos midnights, so one pass over the orders, grouped by
 * Lagos day, kind, status and whether it was sold (not a subscription delivery), answers every
 * figure; the covering index `orders_created_stats_idx` lets that pass read the index only.
 */
export async function orderStats(db: DbOrTx, window: { from: Date; chartFrom: Date }) {
  const since = window.from < window.chartFrom ? window.from : window.chartFrom;
  const lagosDate = lagosDateOf(orders.createdAt);
  const sold = sql`${orders.paymentMethod} <> 'subscription'`;
  const [groups, subs, active] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${lagosDate}, 'YYYY-MM-DD')`,
        kind: orders.categoryKind,
        status: orders.status,
        sold: sql<boolean>`${sold}`,
        n: count(),
        kobo: sql<number>`coalesce(sum(${orders.amountKobo}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(lagosDate, orders.categoryKind, orders.status, sold),
    db
      .select({
        kind: subscriptions.categoryKind,
        kobo: sql<number>`coalesce(sum(${subscriptions.amountKobo} - ${subscriptions.refundedKobo}), 0)`.mapWith(
          Number,
        ),
      })
      .from(subscriptions)
      .where(gte(subscriptions.createdAt, window.from))
      .groupBy(subscriptions.categoryKind),
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.status, 'active')),
  ]);

  const fromDay = lagosDay(window.from);
  const chartDay = lagosDay(window.chartFrom);
  const byKind = new Map<string, number>();
  const byStatus = new Map<OrderRow['status'], number>();
  const series = new Map<string, { day: string; kind: string; orders: number; kobo: number }>();
  for (const group of groups) {
    const revenueKobo = group.sold && PAID_STATUSES.includes(group.status) ? group.kobo : 0;
    if (group.day >= fromDay) {
      byStatus.set(group.status, (byStatus.get(group.status) ?? 0) + group.n);
      if (revenueKobo) byKind.set(group.kind, (byKind.get(group.kind) ?? 0) + revenueKobo);
    }
    if (group.day >= chartDay) {
      const key = `${group.day} ${group.kind}`;
      const point = series.get(key) ?? { day: group.day, kind: group.kind, orders: 0, kobo: 0 };
      point.orders += group.n;
      point.kobo += revenueKobo;
      series.set(key, point);
    }
  }
  return {
    byKind: [...byKind].map(([kind, kobo]) => ({ kind, kobo })),
    byStatus: [...byStatus].map(([status, n]) => ({ status, n })),
    subs,
    activeSubscriptions: active[0]?.n ?? 0,
    series: [...series.values()],
  };
}
