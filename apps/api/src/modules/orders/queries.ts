import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { lagosDay } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { oldestInQueue } from '../../db/queue';
import { preparedStatement } from '../../db/prepared';
import { lagosDateOf, lagosDayOf } from '../../lib/lagos-time';
import { ALERT_TYPES } from '../events/service';
import { customersMatching } from '../users/service';
import { walletPaymentStatement } from '../wallet/service';
import { deliveryCodesDue, orders, subscriptions, type OrderRow, type SubscriptionRow } from './schema';

type Paging = { limit: number; offset: number };

/** How far past the current page list totals are counted exactly (docs/decisions/005). */
export const COUNT_BEYOND_PAGE = 10_000;
/** How many rows a bounded count looks at for this page. */
const countCap = (paging: Paging) => paging.offset + paging.limit + COUNT_BEYOND_PAGE;

/** The statuses of an order whose delivery code is still of use: texted when the order is recorded so. */
const AWAITING_DELIVERY = ['paid', 'assigned', 'out_for_delivery'] as const;

/** Records an order; one recorded as paid has its delivery code queued to be texted (`delivery_codes_due`). */
export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if ((AWAITING_DELIVERY as readonly string[]).includes(row!.status))
    await db.insert(deliveryCodesDue).values({ orderId: row!.id });
  return row!;
}

const p = (name: string) => sql.placeholder(name);

/**
 * A wallet-paid order as one statement (one round trip, its own transaction): the wallet module's
 * debit and ledger entry, then the paid order, its first status-history row, the customer's
 * notification, the live events publishOrderChange() would record for a new paid order (the offer to
 * the area's agents leaving out the customer) with their alerts queued (as publish() queues them),
 * and the delivery code queued to be texted. The
 * row comes with `event_ids` (comma-separated) for the caller to announce once it has committed
 * (events/service.ts announcerOf). Each write reads the row the one before it returned, so when the wallet does
 * not cover the price nothing at all is written. The unique payment reference on orders still guards
 * against a repeated reference: the statement then fails whole. The notification's text is built by
 * the caller around the new order's id.
 */
export const placeWalletPaidOrder = walletPaymentStatement(
  'wallet_paid_order',
  orders,
  (columns) => sql`
    placed as (
      insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo, sub_amount_kobo,
        delivery_fee_kobo, amount_kobo, recipient_address, recipient_phone, landmark, cylinder_size_grams, cylinder_type,
        scheduled_for, delivery_window, status, payment_method, payment_reference)
      select ${p('userId')}::int, ${p('productId')}::int, ${p('locationId')}::int, ${p('productName')}::text, ${p('categoryKind')}::text,
        ${p('quantity')}::int, ${p('unitPriceKobo')}::bigint, ${p('subAmountKobo')}::bigint, ${p('deliveryFeeKobo')}::bigint,
        ${p('amountKobo')}::bigint, ${p('recipientAddress')}::text, ${p('recipientPhone')}::text, ${p('landmark')}::text,
        ${p('cylinderSizeGrams')}::int, ${p('cylinderType')}::text, ${p('scheduledFor')}::date, ${p('deliveryWindow')}::text, 'paid', 'wallet', reference
      from entry
      returning ${columns}
    ), history as (
      insert into status_history (entity, entity_id, from_status, to_status, actor_id, actor_role, note)
      select 'order', id, null, 'paid', user_id, 'customer', 'Paid by wallet (' || payment_reference || ')' from placed
    ), notified as (
      insert into notifications (user_id, kind, title, description)
      select user_id, 'payment', 'Payment received', ${p('noticeBeforeId')}::text || id || ${p('noticeAfterId')}::text from placed
    ), announced as (
      insert into events (type, payload, user_ids, audiences, location_id, category_kind, area_except_user_id)
      select 'order.updated', jsonb_build_object('id', id, 'status', status), array[user_id], array['admins'], null::int, null::text, null::int
      from placed
      union all
      select 'order.available', jsonb_build_object('id', id, 'location_id', location_id, 'location_name', ${p('locationName')}::text,
        'kind', category_kind, 'product_name', product_name, 'quantity', quantity), '{}'::int[], array['area_agents'], location_id, category_kind, user_id
      from placed
      returning id, type
    ), alert_queued as (
      insert into event_alerts (first_event_id, event_ids)
      select min(id), array_agg(id order by id) from announced where type in (${sql.raw(ALERT_TYPES.map((type) => `'${type}'`).join(', '))})
      having count(*) > 0
    ), code_queued as (
      insert into delivery_codes_due (order_id) select id from placed
    )
    select ${columns}, (select string_agg(id::text, ',') from announced) as event_ids from placed`,
  ['event_ids'],
);

/** What the order statement needs besides the payment itself. */
export type WalletPaidOrder = {
  productId: number;
  locationId: number;
  productName: string;
  categoryKind: string;
  quantity: number;
  unitPriceKobo: number;
  /** The items; the debit (amountKobo) is these plus the delivery fee. */
  subAmountKobo: number;
  deliveryFeeKobo: number;
  recipientAddress: string;
  recipientPhone: string;
  landmark: string | null;
  cylinderSizeGrams: number | null;
  cylinderType: 'refill' | 'new' | null;
  scheduledFor: string | null;
  deliveryWindow: string | null;
  /** For the order.available event agents see. */
  locationName: string;
  /** The notification reads noticeBeforeId + the new order's id + noticeAfterId. */
  noticeBeforeId: string;
  noticeAfterId: string;
};

export async function findOrder(
  db: DbOrTx,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOrderStatus(
  db: DbOrTx,
  id: number,
  status: OrderRow['status'],
  extra: { assignedAgentId?: number | null } = {},
) {
  await db
    .update(orders)
    .set({ status, ...extra, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

export async function findOrders(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

export async function updateOrder(db: DbOrTx, id: number, values: Partial<typeof orders.$inferInsert>) {
  await db.update(orders).set(values).where(eq(orders.id, id));
}

/** Orders whose delivery codes one claim takes. */
export const DELIVERY_CODES_PER_CLAIM = 50;

/** What a delivery-code text says, and to whom. */
export type DeliveryCodeToText = Pick<OrderRow, 'id' | 'userId' | 'quantity' | 'productName' | 'deliveryCode'>;

/**
 * Claims the oldest codes still to text, at most DELIVERY_CODES_PER_CLAIM rows of `delivery_codes_due`,
 * by deleting them (see oldestInQueue), and answers their orders, oldest first. An order placed
 * before `since`, or no longer waiting for delivery, is dropped with its row.
 */
export async function claimUnsentDeliveryCodes(db: DbOrTx, since: Date): Promise<DeliveryCodeToText[]> {
  const due = db.$with('due').as(
    db
      .delete(deliveryCodesDue)
      .where(oldestInQueue(db, deliveryCodesDue, deliveryCodesDue.orderId, DELIVERY_CODES_PER_CLAIM))
      .returning({ orderId: deliveryCodesDue.orderId }),
  );
  return db
    .with(due)
    .select({
      id: orders.id,
      userId: orders.userId,
      quantity: orders.quantity,
      productName: orders.productName,
      deliveryCode: orders.deliveryCode,
    })
    .from(orders)
    .where(
      and(
        sql`${orders.id} = any(array(select ${due.orderId} from ${due}))`,
        inArray(orders.status, AWAITING_DELIVERY),
        gte(orders.createdAt, since),
      ),
    )
    .orderBy(asc(orders.id));
}

/** Puts codes back to be texted on a later run (their send failed). */
export async function releaseDeliveryCodes(db: DbOrTx, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await db
    .insert(deliveryCodesDue)
    .values(orderIds.map((orderId) => ({ orderId })))
    .onConflictDoNothing();
}

/** The undelivered orders an agent holds, locked for the caller's transaction. */
export async function listHeldOrders(db: DbOrTx, agentId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.assignedAgentId, agentId), inArray(orders.status, ['assigned', 'out_for_delivery'])))
    .orderBy(asc(orders.id))
    .for('update');
}

/** The undelivered orders an agent holds, oldest first, for reading (not locked). */
export async function heldOrdersOf(db: DbOrTx, agentId: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.assignedAgentId, agentId), inArray(orders.status, ['assigned', 'out_for_delivery'])))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** How many orders an agent has delivered, ever. */
export async function deliveredCountOf(db: DbOrTx, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.assignedAgentId, agentId), eq(orders.status, 'delivered')));
  return row?.n ?? 0;
}

export async function openLoadOf(db: DbOrTx, agentIds: number[]): Promise<Map<number, number>> {
  if (!agentIds.length) return new Map();
  const rows = await db
    .select({ agentId: orders.assignedAgentId, n: count() })
    .from(orders)
    .where(and(inArray(orders.assignedAgentId, agentIds), inArray(orders.status, ['assigned', 'out_for_delivery'])))
    .groupBy(orders.assignedAgentId);
  return new Map(rows.map((r) => [r.agentId!, r.n]));
}

export async function claimForAgent(db: DbOrTx, id: number, agentId: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'assigned', assignedAgentId: agentId, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.assignedAgentId)))
    .returning();
  return row ?? null;
}

/** Paid, unassigned orders of the agent's areas, except the ones the agent placed as a customer. */
export async function listOpenOrders(
  db: DbOrTx,
  options: Paging & { locationIds: number[]; kinds: string[]; agentUserId: number },
) {
  const where = and(
    eq(orders.status, 'paid'),
    isNull(orders.assignedAgentId),
    inArray(orders.locationId, options.locationIds),
    inArray(orders.categoryKind, options.kinds),
    ne(orders.userId, options.agentUserId),
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(asc(orders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Paid orders nobody has accepted, unassigned since at least `before` (their last status change)
 * but not before `notBefore`: older ones were alerted about already.
 */
export async function listUnacceptedOrders(db: DbOrTx, range: { before: Date; notBefore: Date }) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.assignedAgentId),
        lte(orders.updatedAt, range.before),
        gte(orders.updatedAt, range.notBefore),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(500);
}

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

export async function listOrders(
  db: DbOrTx,
  options: Paging & {
    userId?: number;
    /** Customers whose e-mail, phone or name contains this (any number of them, matched in SQL). */
    customerSearch?: string;
    assignedAgentId?: number;
    status?: OrderRow['status'];
    locationId?: number;
    kind?: string;
    from?: Date;
    to?: Date;
  },
) {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(orders.userId, options.userId));
  if (options.assignedAgentId) conditions.push(eq(orders.assignedAgentId, options.assignedAgentId));
  if (options.customerSearch) {
    // The admin users search, as a subquery: however many customers match, all their orders do.
    conditions.push(inArray(orders.userId, customersMatching(db, options.customerSearch)));
  }
  if (options.status) conditions.push(eq(orders.status, options.status));
  if (options.locationId) conditions.push(eq(orders.locationId, options.locationId));
  if (options.kind) conditions.push(eq(orders.categoryKind, options.kind));
  if (options.from) conditions.push(gte(orders.createdAt, options.from));
  if (options.to) conditions.push(lt(orders.createdAt, options.to));
  const where = conditions.length ? and(...conditions) : undefined;
  // A bounded count: exact up to COUNT_BEYOND_PAGE rows past this page, a lower bound after that,
  // so an unfiltered admin list of a million orders does not count them all on every page view.
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(countCap(options))
    .as('capped');
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(capped),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// A customer's own orders (the Orders tab): built once per database, the same bounded count.
const userOrders = preparedStatement((db) => {
  const mine = eq(orders.userId, sql.placeholder('userId'));
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(mine)
    .limit(sql.placeholder('countLimit'))
    .as('capped');
  return {
    rows: db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('user_orders'),
    count: db.select({ total: count() }).from(capped).prepare('user_orders_count'),
  };
});

export async function listUserOrders(db: DbOrTx, userId: number, paging: Paging) {
  const statements = userOrders(db);
  const values = { userId, limit: paging.limit, offset: paging.offset, countLimit: countCap(paging) };
  const [rows, [totals]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertSubscription(
  db: DbOrTx,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function findSubscription(
  db: DbOrTx,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSubscription(db: DbOrTx, id: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function listSubscriptions(db: DbOrTx, options: Paging & { userId: number }) {
  const where = eq(subscriptions.userId, options.userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How many of each subscription's deliveries reached the customer (status delivered). */
export async function deliveredCounts(db: DbOrTx, subscriptionIds: number[]): Promise<Map<number, number>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.subscriptionId, n: count() })
    .from(orders)
    .where(and(inArray(orders.subscriptionId, subscriptionIds), eq(orders.status, 'delivered')))
    .groupBy(orders.subscriptionId);
  return new Map(rows.map((r) => [r.id!, r.n]));
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
        lte(
          sql`${subscriptions.startsOn} + ${subscriptions.deliveriesMade} * ${subscriptions.deliveryIntervalDays}`,
          sql`${today}::date`,
        ),
      ),
    )
    .limit(limit);
}

/** Active subscriptions whose period ended on or before `today` with every delivery scheduled. */
export async function subscriptionsEnded(db: DbOrTx, today: string, limit = 500) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        gte(subscriptions.deliveriesMade, subscriptions.deliveriesCount),
        lte(subscriptions.endsOn, sql`${today}::date`),
      ),
    )
    .limit(limit);
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
