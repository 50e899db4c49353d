import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedSelect, type Paging } from '../../db/paged';
import { orders, subscriptions, type SubscriptionRow } from './schema';

// Subscription rows, and what their deliveries came to.

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
  const { rows, total } = await pagedSelect(db, subscriptions, {
    where: where,
    orderBy: [desc(subscriptions.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { rows, total };
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
