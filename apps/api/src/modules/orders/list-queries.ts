import { DELIVERY_CODE_TRIES } from '@ruwa/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { counted, pagedSelect, type Paging } from '../../db/paged';
import { preparedStatement } from '../../db/prepared';
import { customersMatching } from '../users/service';
import { orders, type OrderRow } from './schema';

// Pages and counts of orders, for customers, agents and admins.

/** How far past the current page list totals are counted exactly (docs/decisions/005). */
export const COUNT_BEYOND_PAGE = 10_000;
/** How many rows a bounded count looks at for this page. */
const countCap = (paging: Paging) => paging.offset + paging.limit + COUNT_BEYOND_PAGE;

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
  const { rows, total } = await pagedSelect(db, orders, {
    where: where,
    orderBy: [asc(orders.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { rows, total };
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

/** How many paid orders no agent has taken since before `before`: the admins' Orders badge. */
export async function countUnacceptedOrders(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), isNull(orders.assignedAgentId), lte(orders.updatedAt, before)));
  return row?.n ?? 0;
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
    /** Only undelivered orders locked by too many wrong delivery codes. */
    lockedOnly?: boolean;
  },
) {
  const conditions: SQL[] = [];
  if (options.lockedOnly)
    conditions.push(
      gte(orders.deliveryCodeAttempts, DELIVERY_CODE_TRIES),
      inArray(orders.status, ['assigned', 'out_for_delivery']),
    );
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
  return counted(
    db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(capped),
  );
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
  return counted(statements.rows.execute(values), statements.count.execute(values));
}
