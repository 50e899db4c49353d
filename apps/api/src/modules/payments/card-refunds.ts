import { formatNaira, koboToNaira, toLocalPhone } from '@ruwa/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { ACCOUNTS, creditLines, post, type Split } from '../ledger/service';
import { notify } from '../notifications/service';
import { orders, type OrderRow } from '../orders/schema';
import { vtuPurchases, type VtuPurchaseRow } from '../vtu/schema';
import { fieldError } from '../../lib/http/errors';
import { credit, debit, lockWallet } from '../wallet/ledger';
import { cardRefunds, type CardRefundRow } from './schema';
import { onPaystackEvent } from './service';

/** Kept under its first name: pg-boss keeps a schedule per name, and a renamed one would go on firing. */
export const CARD_REFUNDS_JOB = 'orders.card-refunds';
/** A claim on asking Paystack older than this is taken to have died with its process. */
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 10;

const IN_TRANSIT = ACCOUNTS.cardRefundsInTransit.code;

/** The ledger reference a card refund's journals are filed under: its order's or its purchase's. */
export const referenceOf = (row: Pick<CardRefundRow, 'orderId' | 'vtuPurchaseId'>) =>
  row.orderId !== null ? `order:${row.orderId}` : `vtu:${row.vtuPurchaseId}`;

/**
 * Records a cancelled card-paid order's refund to the card, in the cancellation's transaction: the
 * refund row (one per order) and the journal that gives the sale back (the fee from delivery fee
 * revenue, the rest through Refunds) against Card refunds in transit, which Paystack's answer settles.
 * Paystack is asked after the commit (`requestCardRefund`).
 */
export async function startCardRefund(tx: Tx, order: OrderRow, feeSplit: Split | undefined) {
  const [row] = await tx
    .insert(cardRefunds)
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
 * Sends a refused purchase's wallet refund back to the card it was paid with, in the caller's
 * transaction (which holds the purchase's lock): the refund row (one per purchase) and the wallet
 * debit, posted from the customer's wallet to Card refunds in transit under the purchase's `vtu:ID`
 * reference. The sale was already given back when the wallet was refunded, so this only moves who
 * the money is owed through. A wallet that no longer holds the amount (the customer spent some of
 * it) is refused with `message` on `field`: checked under the wallet's lock, so a payment at the same
 * moment cannot slip between the check and the debit.
 */
export async function startWalletRefundToCard(tx: Tx, purchase: VtuPurchaseRow, field: string, message: string) {
  const wallet = await lockWallet(tx, purchase.userId);
  if (wallet.balanceKobo < purchase.amountKobo) throw fieldError(field, message);
  await debit(
    tx,
    purchase.userId,
    {
      amountKobo: purchase.amountKobo,
      type: 'card_refund',
      reference: `vtu:${purchase.id}`,
      description: `Refund sent back to your card: ${purchase.kind} for ${toLocalPhone(purchase.phone)}`,
    },
    field,
  );
  const [row] = await tx
    .insert(cardRefunds)
    .values({
      vtuPurchaseId: purchase.id,
      userId: purchase.userId,
      transactionReference: purchase.paymentReference,
      amountKobo: purchase.amountKobo,
    })
    .returning();
  return row!;
}

const notesFor = (row: CardRefundRow) =>
  row.orderId !== null
    ? { customerNote: `Ruwa order #${row.orderId} cancelled`, merchantNote: `order:${row.orderId}` }
    : { customerNote: `Ruwa purchase #${row.vtuPurchaseId} not delivered`, merchantNote: `vtu:${row.vtuPurchaseId}` };

/**
 * Asks Paystack to refund the purchase's transaction, at most once at a time: the row is claimed
 * first (a claim is retried by the job only once it is minutes old). Paystack itself refuses to
 * refund more than was paid, so even a retry after an answer we never received cannot send the money
 * twice. A refusal is kept on the row for the job to try again; the customer stays refunded.
 */
export async function requestCardRefund(ctx: AppContext, refundId: number, now = new Date()): Promise<boolean> {
  const [claimed] = await ctx.db
    .update(cardRefunds)
    .set({ requestedAt: now, attempts: sql`${cardRefunds.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(cardRefunds.id, refundId),
        eq(cardRefunds.status, 'requested'),
        or(isNull(cardRefunds.requestedAt), lt(cardRefunds.requestedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning();
  if (!claimed) return false;
  try {
    const refund = await ctx.paystack.refund({
      reference: claimed.transactionReference,
      amountKobo: claimed.amountKobo,
      ...notesFor(claimed),
    });
    // The webhook may already have settled it (matched by the transaction): only a refund still
    // waiting for Paystack's answer becomes pending.
    await ctx.db
      .update(cardRefunds)
      .set({
        providerRefundId: sql`coalesce(${cardRefunds.providerRefundId}, ${refund.id})`,
        status: sql`case when ${cardRefunds.status} = 'requested' then 'pending' else ${cardRefunds.status} end`,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(cardRefunds.id, claimed.id));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, refund: referenceOf(claimed) }, 'card refund not queued with Paystack; will retry');
    await ctx.db
      .update(cardRefunds)
      .set({ lastError: message.slice(0, 500), updatedAt: new Date() })
      .where(eq(cardRefunds.id, claimed.id));
    return false;
  }
}

/** Asks Paystack again for card refunds it has not queued yet (the job, every minute). */
export async function retryCardRefunds(ctx: AppContext, now = new Date()): Promise<number> {
  const waiting = await ctx.db
    .select({ id: cardRefunds.id })
    .from(cardRefunds)
    .where(
      and(
        eq(cardRefunds.status, 'requested'),
        lt(cardRefunds.attempts, MAX_ATTEMPTS),
        or(isNull(cardRefunds.requestedAt), lt(cardRefunds.requestedAt, new Date(now.getTime() - CLAIM_MS))),
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
    const [byId] = await tx.select().from(cardRefunds).where(eq(cardRefunds.providerRefundId, providerId)).for('update');
    if (byId) return { row: byId, providerId };
  }
  // The webhook can arrive before Paystack's answer to our request was written down; a refund whose
  // Paystack id we know is only ever matched by it.
  const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : null;
  if (!reference) return null;
  const [byTransaction] = await tx
    .select()
    .from(cardRefunds)
    .where(
      and(
        eq(cardRefunds.transactionReference, reference),
        eq(cardRefunds.status, 'requested'),
        isNull(cardRefunds.providerRefundId),
      ),
    )
    .for('update');
  return byTransaction ? { row: byTransaction, providerId } : null;
}

/** What the customer is told, and the wallet credit a failed refund becomes, for the refund's subject. */
async function describe(tx: Tx, row: CardRefundRow) {
  const amount = formatNaira(koboToNaira(row.amountKobo));
  if (row.orderId !== null) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const name = order?.productName ?? `order #${row.orderId}`;
    return {
      kind: 'order' as const,
      processed: {
        title: `Order #${row.orderId}: refund on your card`,
        description: `${amount} for ${order?.productName ?? 'your order'} is back on your card.`,
      },
      failed: {
        title: `Order #${row.orderId}: refund in your wallet`,
        description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet instead.`,
      },
      // Under the order's own refund reference: an order is refunded to a wallet at most once, by either path.
      credit: { type: 'refund' as const, description: `Refund: ${name} (your card could not take it)` },
    };
  }
  const [purchase] = await tx.select().from(vtuPurchases).where(eq(vtuPurchases.id, row.vtuPurchaseId!));
  const what = purchase ? `${purchase.kind} for ${toLocalPhone(purchase.phone)}` : `purchase #${row.vtuPurchaseId}`;
  return {
    kind: 'vtu' as const,
    processed: {
      title: 'Refund on your card',
      description: `${amount} for the ${what} that was not delivered is back on your card.`,
    },
    failed: {
      title: 'Refund back in your wallet',
      description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet again.`,
    },
    // The wallet refund (`refund`, vtu:ID) and the move to the card (`card_refund`) already exist:
    // the money coming back is the reversal of that move, once.
    credit: { type: 'reversal' as const, description: `Card refund failed: ${what} back in your wallet` },
  };
}

/**
 * Settles a card refund from Paystack's `refund.processed` / `refund.failed`, once: processed moves
 * the amount from Card refunds in transit to Paystack clearing (Paystack takes it from what it owes
 * us); failed credits it to the customer's wallet instead, so the purchase is still refunded exactly
 * once. A replayed or late event finds the refund settled and changes nothing.
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
    const reference = referenceOf(row);
    const told = await describe(tx, row);
    if (outcome === 'processed') {
      await post(tx, {
        kind: 'card_refund_settled',
        reference,
        postings: [
          { account: IN_TRANSIT, amountKobo: row.amountKobo },
          { account: ACCOUNTS.paystackClearing.code, amountKobo: -row.amountKobo },
        ],
      });
      await notify(tx, row.userId, { kind: told.kind, ...told.processed });
    } else {
      await credit(tx, row.userId, {
        amountKobo: row.amountKobo,
        type: told.credit.type,
        reference,
        description: told.credit.description,
        counterAccount: IN_TRANSIT,
      });
      await notify(tx, row.userId, { kind: told.kind, ...told.failed });
    }
    await tx
      .update(cardRefunds)
      .set({ status: outcome, providerRefundId: row.providerRefundId ?? providerId, updatedAt: new Date() })
      .where(eq(cardRefunds.id, row.id));
  });
}

/** The order's refund to a card, if it was refunded to one. */
export async function cardRefundOf(db: DbOrTx, orderId: number): Promise<CardRefundRow | null> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.orderId, orderId));
  return row ?? null;
}

/** The refunds to a card of these airtime and data purchases, by purchase id. */
export async function cardRefundsOfPurchases(db: DbOrTx, ids: number[]): Promise<Map<number, CardRefundRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(cardRefunds).where(inArray(cardRefunds.vtuPurchaseId, ids));
  return new Map(rows.map((row) => [row.vtuPurchaseId!, row]));
}

export function registerCardRefundEvents() {
  onPaystackEvent('refund.processed', (ctx, data) => settleCardRefund(ctx, data, 'processed'));
  onPaystackEvent('refund.failed', (ctx, data) => settleCardRefund(ctx, data, 'failed'));
}
