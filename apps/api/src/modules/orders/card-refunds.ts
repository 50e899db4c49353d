import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { ACCOUNTS, creditLines, post, type Split } from '../ledger/service';
import { notify } from '../notifications/service';
import { onPaystackEvent } from '../payments/service';
import { credit } from '../wallet/service';
import { orderCardRefunds, orders, type OrderCardRefundRow, type OrderRow } from './schema';

export const CARD_REFUNDS_JOB = 'orders.card-refunds';
/** A claim on asking Paystack older than this is taken to have died with its process. */
const CLAIM_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;

const IN_TRANSIT = ACCOUNTS.cardRefundsInTransit.code;

/**
 * Records a cancelled card-paid order's refund to the card, in the cancellation's transaction: the
 * refund row (one per order) and the journal that gives the sale back (the fee from delivery fee
 * revenue, the rest through Refunds) against Card refunds in transit, which Paystack's answer settles.
 * Paystack is asked after the commit (`requestCardRefund`).
 */
export async function startCardRefund(tx: Tx, order: OrderRow, feeSplit: Split | undefined) {
  const [row] = await tx
    .insert(orderCardRefunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      transactionReference: order.paymentReference!,
      amountKobo: order.amountKobo,
    })
    .onConflictDoNothing()
    .returning();
  await post(tx, {
    kind: 'card_refund',
    reference: `order:${order.id}`,
    postings: [
      // creditLines answers the revenue side as credits; a refund debits it.
      ...creditLines(ACCOUNTS.refunds.code, order.amountKobo, feeSplit).map((line) => ({
        ...line,
        amountKobo: -line.amountKobo,
      })),
      { account: IN_TRANSIT, amountKobo: -order.amountKobo },
    ],
  });
  return row;
}

/**
 * Asks Paystack to refund the order's transaction, at most once at a time: the row is claimed first
 * (a claim is retried by the job only once it is minutes old). Paystack itself refuses to refund more
 * than was paid, so even a retry after an answer we never received cannot send the money twice.
 * A refusal is kept on the row for the job to try again; the customer's order stays refunded.
 */
export async function requestCardRefund(ctx: AppContext, refundId: number, now = new Date()): Promise<boolean> {
  const [claimed] = await ctx.db
    .update(orderCardRefunds)
    .set({ requestedAt: now, attempts: sql`${orderCardRefunds.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(orderCardRefunds.id, refundId),
        eq(orderCardRefunds.status, 'requested'),
        or(isNull(orderCardRefunds.requestedAt), lt(orderCardRefunds.requestedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning();
  if (!claimed) return false;
  try {
    const refund = await ctx.paystack.refund({
      reference: claimed.transactionReference,
      amountKobo: claimed.amountKobo,
      customerNote: `Ruwa order #${claimed.orderId} cancelled`,
      merchantNote: `order:${claimed.orderId}`,
    });
    // The webhook may already have settled it (matched by the transaction): only a refund still
    // waiting for Paystack's answer becomes pending.
    await ctx.db
      .update(orderCardRefunds)
      .set({
        providerRefundId: sql`coalesce(${orderCardRefunds.providerRefundId}, ${refund.id})`,
        status: sql`case when ${orderCardRefunds.status} = 'requested' then 'pending' else ${orderCardRefunds.status} end`,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(orderCardRefunds.id, claimed.id));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, orderId: claimed.orderId }, 'card refund not queued with Paystack; will retry');
    await ctx.db
      .update(orderCardRefunds)
      .set({ lastError: message.slice(0, 500), updatedAt: new Date() })
      .where(eq(orderCardRefunds.id, claimed.id));
    return false;
  }
}

/** Asks Paystack again for card refunds it has not queued yet (the job, every minute). */
export async function retryCardRefunds(ctx: AppContext, now = new Date()): Promise<number> {
  const waiting = await ctx.db
    .select({ id: orderCardRefunds.id })
    .from(orderCardRefunds)
    .where(
      and(
        eq(orderCardRefunds.status, 'requested'),
        lt(orderCardRefunds.attempts, MAX_ATTEMPTS),
        or(isNull(orderCardRefunds.requestedAt), lt(orderCardRefunds.requestedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .limit(100);
  let queued = 0;
  for (const { id } of waiting) if (await requestCardRefund(ctx, id, now)) queued += 1;
  return queued;
}

/** The refund a Paystack refund event is about: by its refund id, or by the transaction it refunds. */
async function lockRefundOf(tx: Tx, data: Record<string, unknown>) {
  const providerId = data.id === undefined || data.id === null ? null : String(data.id);
  if (providerId) {
    const [byId] = await tx
      .select()
      .from(orderCardRefunds)
      .where(eq(orderCardRefunds.providerRefundId, providerId))
      .for('update');
    if (byId) return { row: byId, providerId };
  }
  // The webhook can arrive before Paystack's answer to our request was written down; a refund whose
  // Paystack id we know is only ever matched by it.
  const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : null;
  if (!reference) return null;
  const [byTransaction] = await tx
    .select()
    .from(orderCardRefunds)
    .where(
      and(
        eq(orderCardRefunds.transactionReference, reference),
        eq(orderCardRefunds.status, 'requested'),
        isNull(orderCardRefunds.providerRefundId),
      ),
    )
    .for('update');
  return byTransaction ? { row: byTransaction, providerId } : null;
}

/**
 * Settles a card refund from Paystack's `refund.processed` / `refund.failed`, once: processed moves
 * the amount from Card refunds in transit to Paystack clearing (Paystack takes it from what it owes
 * us); failed credits it to the customer's wallet instead, under the order's refund reference, so
 * the order is still refunded exactly once. A replayed or late event finds the refund settled and
 * changes nothing.
 */
export async function settleCardRefund(
  ctx: AppContext,
  data: Record<string, unknown>,
  outcome: 'processed' | 'failed',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await lockRefundOf(tx, data);
    if (!found) {
      ctx.log.warn({ refund: data.id }, 'refund event for no card refund we asked for');
      return;
    }
    const { row, providerId } = found;
    if (row.status === 'processed' || row.status === 'failed') return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const amount = formatNaira(koboToNaira(row.amountKobo));
    if (outcome === 'processed') {
      await post(tx, {
        kind: 'card_refund_settled',
        reference: `order:${row.orderId}`,
        postings: [
          { account: IN_TRANSIT, amountKobo: row.amountKobo },
          { account: ACCOUNTS.paystackClearing.code, amountKobo: -row.amountKobo },
        ],
      });
      await notify(tx, row.userId, {
        kind: 'order',
        title: `Order #${row.orderId}: refund on your card`,
        description: `${amount} for ${order?.productName ?? 'your order'} is back on your card.`,
      });
    } else {
      await credit(tx, row.userId, {
        amountKobo: row.amountKobo,
        type: 'refund',
        reference: `order:${row.orderId}`,
        description: `Refund: ${order?.productName ?? `order #${row.orderId}`} (your card could not take it)`,
        counterAccount: IN_TRANSIT,
      });
      await notify(tx, row.userId, {
        kind: 'order',
        title: `Order #${row.orderId}: refund in your wallet`,
        description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet instead.`,
      });
    }
    await tx
      .update(orderCardRefunds)
      .set({ status: outcome, providerRefundId: row.providerRefundId ?? providerId, updatedAt: new Date() })
      .where(eq(orderCardRefunds.id, row.id));
  });
}

/** The order's refund to a card, if it was refunded to one. */
export async function cardRefundOf(db: DbOrTx, orderId: number): Promise<OrderCardRefundRow | null> {
  const [row] = await db.select().from(orderCardRefunds).where(eq(orderCardRefunds.orderId, orderId));
  return row ?? null;
}

export function registerCardRefundEvents() {
  onPaystackEvent('refund.processed', (ctx, data) => settleCardRefund(ctx, data, 'processed'));
  onPaystackEvent('refund.failed', (ctx, data) => settleCardRefund(ctx, data, 'failed'));
}
