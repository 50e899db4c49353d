import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { journal, post, type Sale } from '../ledger/service';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { cardRefunds, type CardRefundRow } from './schema';

/** Kept under its first name: pg-boss keeps a schedule per name, and a renamed one would go on firing. */
export const CARD_REFUNDS_JOB = 'orders.card-refunds';
/** A claim on asking Paystack older than this is taken to have died with its process. */
const CLAIM_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;

/** What a card refund is for: a cancelled order, or a refused airtime or data purchase. */
export type CardRefundSubject = 'order' | 'vtu';
const subjectOf = (row: Pick<CardRefundRow, 'orderId'>): CardRefundSubject => (row.orderId !== null ? 'order' : 'vtu');

/** The ledger reference a card refund's journals and wallet rows are filed under: its order's or its purchase's. */
export const referenceOf = (row: Pick<CardRefundRow, 'orderId' | 'vtuPurchaseId'>) =>
  row.orderId !== null ? `order:${row.orderId}` : `vtu:${row.vtuPurchaseId}`;

type Notice = { title: string; description: string };

/**
 * What the module owning a refund's subject says about it, read when Paystack is asked and when it
 * answers: the note on the customer's card statement, what the customer is told on each outcome,
 * and the wallet row that gives the money back if the card refuses it (an order's own `refund`, or
 * the `reversal` of a purchase's wallet refund moved out to the card).
 */
export type CardRefundDescription = {
  kind: 'order' | 'vtu';
  customerNote: string;
  onCard: Notice;
  inWallet: Notice;
  walletCredit: { type: 'refund' | 'reversal'; description: string };
};
export type CardRefundDescriber = (db: DbOrTx, refund: CardRefundRow) => Promise<CardRefundDescription>;
const describers = new Map<CardRefundSubject, CardRefundDescriber>();

/** Lets the module owning a subject describe its card refunds (registered once at start-up). */
export function describeCardRefunds(subject: CardRefundSubject, describe: CardRefundDescriber) {
  describers.set(subject, describe);
}

function describe(db: DbOrTx, row: CardRefundRow) {
  const describer = describers.get(subjectOf(row));
  if (!describer) throw new Error(`no module describes ${subjectOf(row)} card refunds`);
  return describer(db, row);
}

type WalletMove = {
  amountKobo: number;
  type: 'card_refund' | 'refund' | 'reversal';
  reference: string;
  description: string;
  refusedCardRefund?: boolean;
};
/** The wallet's two moves a card refund needs. The wallet hands them over: it imports payments, not the reverse. */
export type CardRefundWallet = {
  debit: (tx: Tx, userId: number, move: WalletMove, field: string) => Promise<unknown>;
  /** Answers the wallet movement, whose TX_ id the receipt e-mail quotes. */
  credit: (tx: Tx, userId: number, move: WalletMove) => Promise<{ txId: string; createdAt: Date }>;
};
let wallet: CardRefundWallet | null = null;
export function useWalletForCardRefunds(moves: CardRefundWallet) {
  wallet = moves;
}
function walletMoves() {
  if (!wallet) throw new Error('the wallet has not registered its card refund moves');
  return wallet;
}

/**
 * Where the money owed to the card comes from: the sale itself, given back (the fee from delivery fee
 * revenue, the rest through Refunds), or a refund the wallet already holds, moved out of it (the
 * sale was given back when the wallet was refunded; `field` names the request's field a short
 * wallet is refused on).
 */
export type OwedFrom = { sale: Sale } | { wallet: { description: string; field: string } };

/**
 * Starts a refund to the card, in the caller's transaction (which holds the subject's lock): the
 * refund row, at most one per order or purchase, and the money moved to Card refunds in transit,
 * which Paystack's answer settles. Answers undefined, moving nothing, when the subject already has
 * one. Paystack is asked after the commit (`requestCardRefund`).
 */
export async function startCardRefund(
  tx: Tx,
  refund: ({ orderId: number } | { vtuPurchaseId: number }) & {
    userId: number;
    transactionReference: string;
    amountKobo: number;
    from: OwedFrom;
  },
): Promise<CardRefundRow | undefined> {
  const { from, ...values } = refund;
  const [row] = await tx.insert(cardRefunds).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  const reference = referenceOf(row);
  if ('sale' in from) {
    await post(tx, journal('card_refund', reference, { amountKobo: row.amountKobo, sale: from.sale }));
  } else {
    const move = {
      amountKobo: row.amountKobo,
      type: 'card_refund' as const,
      reference,
      description: from.wallet.description,
    };
    await walletMoves().debit(tx, row.userId, move, from.wallet.field);
  }
  return row;
}

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
      customerNote: (await describe(ctx.db, claimed)).customerNote,
      merchantNote: referenceOf(claimed),
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
    const [byId] = await tx
      .select()
      .from(cardRefunds)
      .where(eq(cardRefunds.providerRefundId, providerId))
      .for('update');
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

/**
 * Settles a card refund from Paystack's `refund.processed` / `refund.failed`, once: processed moves
 * the amount from Card refunds in transit to Paystack clearing (Paystack takes it from what it owes
 * us); failed credits it to the customer's wallet out of Card refunds in transit instead, under the
 * subject's reference, so the purchase is still refunded exactly once. The customer is told either way. A replayed or late event finds the refund settled and changes nothing.
 */
export async function settleCardRefund(
  ctx: AppContext,
  data: Record<string, unknown>,
  outcome: 'processed' | 'failed',
): Promise<void> {
  const inWallet = await ctx.db.transaction(async (tx) => {
    const found = await lockRefundOf(tx, data);
    if (!found) {
      ctx.log.warn({ refund: data.id }, 'refund event for no card refund we asked for');
      return null;
    }
    const { row, providerId } = found;
    if (row.status === 'processed' || row.status === 'failed') return null;
    let credited: { row: CardRefundRow; entry: { txId: string; createdAt: Date }; what: string } | null = null;
    const told = await describe(tx, row);
    if (outcome === 'processed') {
      await post(tx, journal('card_refund_settled', referenceOf(row), { amountKobo: row.amountKobo }));
      await notify(tx, row.userId, { kind: told.kind, ...told.onCard });
    } else {
      const back = {
        amountKobo: row.amountKobo,
        reference: referenceOf(row),
        refusedCardRefund: true,
        ...told.walletCredit,
      };
      const entry = await walletMoves().credit(tx, row.userId, back);
      await notify(tx, row.userId, { kind: told.kind, ...told.inWallet });
      credited = { row, entry, what: told.inWallet.title };
    }
    await tx
      .update(cardRefunds)
      .set({ status: outcome, providerRefundId: row.providerRefundId ?? providerId, updatedAt: new Date() })
      .where(eq(cardRefunds.id, row.id));
    return credited;
  });
  // A card that would not take the money back: the customer hears where it went instead.
  if (inWallet)
    await mailReceipt(ctx, {
      userId: inWallet.row.userId,
      kind: 'refund',
      reference: inWallet.entry.txId,
      at: inWallet.entry.createdAt,
      what: RECEIPT_WHAT.refund(inWallet.what),
      amountKobo: inWallet.row.amountKobo,
      feeKobo: 0,
      paidWith: RECEIPT_PAID_WITH.toWallet,
      status: RECEIPT_STATUSES.refunded,
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
