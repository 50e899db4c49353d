import { koboToNaira, type Order, type OrderStatus } from '@ruwa/contract';
import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http/errors';
import { statusHistoryOf } from '../audit/service';
import * as catalog from '../catalog/service';
import { cardRefundOf } from '../payments/service';
import * as lists from './list-queries';
import { toOrder, toSubscription, withLocationNames } from './presenters';
import { findOrder } from './queries';
import { orders, subscriptions } from './schema';
import * as stats from './stats-queries';
import { deliveredCounts, findSubscription, listSubscriptions } from './subscription-queries';

// Orders and subscriptions as customers, agents and admins list and read them.

export async function listMyOrders(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await lists.listUserOrders(db, userId, paging);
  return { rows: await withLocationNames(db, rows, true), total };
}

export async function listMySubscriptions(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await listSubscriptions(db, { ...paging, userId });
  const delivered = await deliveredCounts(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toSubscription(row, delivered.get(row.id))), total };
}

/** One of this customer's subscriptions, as their list shows it; 404 for anyone else's. */
export async function getMySubscription(db: DbOrTx, userId: number, id: number) {
  const row = await findSubscription(db, id);
  if (!row || row.userId !== userId) throw notFound('Subscription');
  const [delivered, names] = await Promise.all([
    deliveredCounts(db, [row.id]),
    catalog.locationNames(db, [row.locationId]),
  ]);
  return { subscription: toSubscription(row, delivered.get(row.id)), locationName: names.get(row.locationId) ?? '' };
}

/** One order with its history; customers only ever see their own (404 otherwise). */
export async function getOrder(db: DbOrTx, id: number, viewer: { id: number; role: string }) {
  const order = await findOrder(db, id);
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw notFound('Order');
  const [names, history, cardRefund] = await Promise.all([
    catalog.locationNames(db, [order.locationId]),
    statusHistoryOf<OrderStatus>(db, 'order', order.id),
    order.paymentMethod === 'card' && order.status === 'refunded' ? cardRefundOf(db, order.id) : null,
  ]);
  const shown = toOrder(order, names.get(order.locationId), history, viewer.id === order.userId);
  return {
    order: cardRefund
      ? {
          ...shown,
          card_refund: {
            status: cardRefund.status === 'requested' ? ('pending' as const) : cardRefund.status,
            amount: koboToNaira(cardRefund.amountKobo),
          },
        }
      : shown,
    userId: order.userId,
    assignedAgentId: order.assignedAgentId,
  };
}

export async function listAllOrders(db: DbOrTx, filters: Parameters<typeof lists.listOrders>[1]) {
  const { rows, total } = await lists.listOrders(db, filters);
  return { rows: await withLocationNames(db, rows), total, userIds: rows.map((r) => r.userId) };
}

export async function listOpenOrdersFor(
  db: DbOrTx,
  area: { locationIds: number[]; kinds: string[]; agentUserId: number },
  paging: { limit: number; offset: number },
) {
  if (!area.locationIds.length || !area.kinds.length) return { rows: [] as Order[], total: 0 };
  const { rows, total } = await lists.listOpenOrders(db, { ...area, ...paging });
  return { rows: await withLocationNames(db, rows), total };
}

export async function listAgentOrders(db: DbOrTx, agentId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await lists.listOrders(db, { ...paging, assignedAgentId: agentId });
  return { rows: await withLocationNames(db, rows), total };
}

export const agentOrderStats = stats.agentOrderStats;
export const deliveredCountOf = lists.deliveredCountOf;

/** The undelivered orders an agent holds (at most `limit`), as admins read orders. */
export async function heldOrdersOf(db: DbOrTx, agentId: number, limit = 50): Promise<Order[]> {
  return withLocationNames(db, await lists.heldOrdersOf(db, agentId, limit));
}
export const subscriptionRevenue = stats.subscriptionRevenue;

/** Revenue and order counts for the admin dashboard, computed in SQL. */
export const orderStats = stats.orderStats;

/**
 * The references the ledger files an order's or a subscription's money under: its payment reference
 * and its refund (`order:ID`, `subscription:ID`), found from either.
 */
export async function ledgerReferencesOf(db: DbOrTx, reference: string): Promise<string[]> {
  const id = (prefix: string) =>
    reference.startsWith(prefix) && /^\d{1,9}$/.test(reference.slice(prefix.length))
      ? Number(reference.slice(prefix.length))
      : -1;
  const [order] = await db
    .select({ id: orders.id, paymentReference: orders.paymentReference })
    .from(orders)
    .where(or(eq(orders.paymentReference, reference), eq(orders.id, id('order:'))))
    .limit(1);
  if (order) return [...(order.paymentReference ? [order.paymentReference] : []), `order:${order.id}`];
  const [subscription] = await db
    .select({ id: subscriptions.id, paymentReference: subscriptions.paymentReference })
    .from(subscriptions)
    .where(or(eq(subscriptions.paymentReference, reference), eq(subscriptions.id, id('subscription:'))))
    .limit(1);
  return subscription ? [subscription.paymentReference, `subscription:${subscription.id}`] : [];
}

/** How many undelivered orders each of these agents holds (the dispatch picker's "open load"). */
export const openLoadOf = lists.openLoadOf;
