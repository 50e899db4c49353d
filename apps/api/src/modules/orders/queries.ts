import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, orderStatusHistory, subscriptions, type OrderRow, type SubscriptionRow } from './schema';

type Paging = { limit: number; offset: number };

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertHistory(db: DbOrTx, values: typeof orderStatusHistory.$inferInsert) {
  await db.insert(orderStatusHistory).values(values);
}

export async function findOrder(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentReference, reference)).limit(1);
  return row ?? null;
}

export async function updateOrderStatus(db: DbOrTx, id: number, status: OrderRow['status'], extra: { assignedAgentId?: number | null } = {}) {
  await db.update(orders).set({ status, ...extra, updatedAt: new Date() }).where(eq(orders.id, id));
}

export async function claimForAgent(db: DbOrTx, id: number, agentId: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'assigned', assignedAgentId: agentId, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.assignedAgentId)))
    .returning();
  return row ?? null;
}

export async function listOpenOrders(db: DbOrTx, options: Paging & { locationId: number; kinds: string[] }) {
  const where = and(eq(orders.status, 'paid'), isNull(orders.assignedAgentId), eq(orders.locationId, options.locationId), inArray(orders.categoryKind, options.kinds));
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(asc(orders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Counts for an agent's dashboard, computed in SQL. */
export async function agentOrderStats(db: DbOrTx, agentId: number, since: { week: Date; month: Date; chartFrom: Date }) {
  const [row] = await db
    .select({
      inProgress: sql<number>`count(*) filter (where ${orders.status} in ('assigned', 'out_for_delivery'))`.mapWith(Number),
      deliveredWeek: sql<number>`count(*) filter (where ${orders.status} = 'delivered' and ${orders.updatedAt} >= ${since.week})`.mapWith(Number),
      deliveredMonth: sql<number>`count(*) filter (where ${orders.status} = 'delivered' and ${orders.updatedAt} >= ${since.month})`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.assignedAgentId, agentId));
  const perDay = await db
    .select({ day: sql<string>`to_char(${orders.updatedAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`, deliveries: count() })
    .from(orders)
    .where(and(eq(orders.assignedAgentId, agentId), eq(orders.status, 'delivered'), gte(orders.updatedAt, since.chartFrom)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { ...row!, perDay };
}

export async function historyOf(db: DbOrTx, orderId: number) {
  return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
}

export async function listOrders(
  db: DbOrTx,
  options: Paging & { userId?: number; userIds?: number[]; assignedAgentId?: number; status?: OrderRow['status']; locationId?: number; kind?: string; from?: Date; to?: Date },
) {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(orders.userId, options.userId));
  if (options.assignedAgentId) conditions.push(eq(orders.assignedAgentId, options.assignedAgentId));
  if (options.userIds) conditions.push(options.userIds.length ? inArray(orders.userId, options.userIds) : sql`false`);
  if (options.status) conditions.push(eq(orders.status, options.status));
  if (options.locationId) conditions.push(eq(orders.locationId, options.locationId));
  if (options.kind) conditions.push(eq(orders.categoryKind, options.kind));
  if (options.from) conditions.push(gte(orders.createdAt, options.from));
  if (options.to) conditions.push(lt(orders.createdAt, options.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function findSubscription(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | null> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findSubscriptionByReference(db: DbOrTx, reference: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.paymentReference, reference)).limit(1);
  return row ?? null;
}

export async function updateSubscription(db: DbOrTx, id: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await db.update(subscriptions).set({ ...values, updatedAt: new Date() }).where(eq(subscriptions.id, id));
}

export async function listSubscriptions(db: DbOrTx, options: Paging & { userId: number }) {
  const where = eq(subscriptions.userId, options.userId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(subscriptions).where(where).orderBy(desc(subscriptions.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Active subscriptions with a delivery due on or before `today` (YYYY-MM-DD). */
export async function subscriptionsDue(db: DbOrTx, today: string, limit = 500) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        lt(subscriptions.deliveriesMade, subscriptions.deliveriesCount),
        lte(sql`${subscriptions.startsOn} + ${subscriptions.deliveriesMade} * ${subscriptions.deliveryIntervalDays}`, sql`${today}::date`),
      ),
    )
    .limit(limit);
}

/**
 * Dashboard figures since `from`: revenue by kind (one-off orders plus subscriptions, refunds
 * excluded), orders by status, active subscriptions, and a per-day series in Lagos time.
 */
export async function orderStats(db: DbOrTx, from: Date) {
  const paidStatuses = sql`('paid', 'assigned', 'out_for_delivery', 'delivered')`;
  const [byKind, byStatus, subs, active, series] = await Promise.all([
    db
      .select({ kind: orders.categoryKind, kobo: sql<number>`coalesce(sum(${orders.amountKobo}), 0)`.mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.createdAt, from), sql`${orders.paymentMethod} <> 'subscription'`, sql`${orders.status} in ${paidStatuses}`))
      .groupBy(orders.categoryKind),
    db.select({ status: orders.status, n: count() }).from(orders).where(gte(orders.createdAt, from)).groupBy(orders.status),
    db
      .select({ kind: subscriptions.categoryKind, kobo: sql<number>`coalesce(sum(${subscriptions.amountKobo} - ${subscriptions.refundedKobo}), 0)`.mapWith(Number) })
      .from(subscriptions)
      .where(gte(subscriptions.createdAt, from))
      .groupBy(subscriptions.categoryKind),
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.status, 'active')),
    db
      .select({
        day: sql<string>`to_char(${orders.createdAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`,
        kind: orders.categoryKind,
        orders: count(),
        kobo: sql<number>`coalesce(sum(${orders.amountKobo}) filter (where ${orders.paymentMethod} <> 'subscription' and ${orders.status} in ${paidStatuses}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(gte(orders.createdAt, from))
      .groupBy(sql`1`, orders.categoryKind),
  ]);
  return { byKind, byStatus, subs, activeSubscriptions: active[0]?.n ?? 0, series };
}
