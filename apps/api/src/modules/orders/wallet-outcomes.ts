import type { OrderStatus, TransactionOutcome } from '@ruwa/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PurchaseOutcome, PurchaseOutcomeSource } from '../wallet/service';
import { orders, subscriptions, type SubscriptionRow } from './schema';

/** An order on its way is not done yet; a cancelled one was refunded to the wallet it came from. */
const ORDER_OUTCOME: Record<OrderStatus, TransactionOutcome> = {
  pending_payment: 'pending',
  paid: 'pending',
  assigned: 'pending',
  out_for_delivery: 'pending',
  delivered: 'completed',
  cancelled: 'refunded',
  refunded: 'refunded',
};

/**
 * A subscription is being served until its period ends. Cancelled, what it delivered stands; the
 * wallet shows it refunded when its unused deliveries came back (a refund under its reference).
 */
const SUBSCRIPTION_OUTCOME: Record<SubscriptionRow['status'], TransactionOutcome> = {
  active: 'pending',
  completed: 'completed',
  cancelled: 'completed',
};

/**
 * What became of the water and gas orders and subscriptions paid from the wallet under
 * `paymentReferences`, for the wallet history, with the reference each was refunded under
 * (`order:<id>`, `subscription:<id>`: see cancellations.ts and subscriptions.ts).
 */
async function outcomes(db: DbOrTx, paymentReferences: string[]) {
  const [orderRows, subscriptionRows] = await Promise.all([
    db
      .select({ id: orders.id, status: orders.status, paymentReference: orders.paymentReference })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'wallet'), inArray(orders.paymentReference, paymentReferences))),
    db
      .select({ id: subscriptions.id, status: subscriptions.status, paymentReference: subscriptions.paymentReference })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.paymentMethod, 'wallet'), inArray(subscriptions.paymentReference, paymentReferences)),
      ),
  ]);
  const outcomes = new Map<string, PurchaseOutcome>();
  for (const row of orderRows)
    if (row.paymentReference)
      outcomes.set(row.paymentReference, { outcome: ORDER_OUTCOME[row.status], refundReference: `order:${row.id}` });
  for (const row of subscriptionRows)
    outcomes.set(row.paymentReference, {
      outcome: SUBSCRIPTION_OUTCOME[row.status],
      refundReference: `subscription:${row.id}`,
    });
  return outcomes;
}

/** The orders and subscriptions the wallet history asks about: outcomes, and one's wallet payment by its number. */
export const orderWalletOutcomes: PurchaseOutcomeSource = {
  kinds: ['order', 'subscription'],
  outcomes,
  paymentReferenceOf: async (db, kind, id) => {
    const table = kind === 'subscription' ? subscriptions : orders;
    const [row] = await db
      .select({ paymentReference: table.paymentReference })
      .from(table)
      .where(and(eq(table.id, id), eq(table.paymentMethod, 'wallet')));
    return row?.paymentReference ?? null;
  },
};
