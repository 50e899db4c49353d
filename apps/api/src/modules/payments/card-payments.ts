import { formatNaira, koboToNaira, type PaymentIntent } from '@ruwa/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, parseInput } from '../../lib/http/errors';
import { PaystackError, type PaystackTransaction } from '../../platform/paystack/client';
import { getUser } from '../users/service';
import { newReference } from '../../lib/references';
import { crashPoint } from './crash-point';
import { mailReceipt, RECEIPT_PAID_WITH, RECEIPT_STATUSES } from '../notifications/service';
import { journal, post } from '../ledger/service';
import { findPayment } from './payment-reads';
import { purposeNamed, type Fulfilment, type Prepared, type Purpose } from './purposes';
import { payments, type PaymentRow } from './schema';

const REFERENCE_FIELD = 'transaction_id';
export const PAYMENT_PENDING_MESSAGE =
  'We could not confirm your payment with Paystack just now. If you were charged, we will complete your purchase automatically within 15 minutes; do not pay again.';

/** Paystack statuses after which no money will ever arrive for the reference. */
const FINAL_FAILURES = new Set(['failed', 'abandoned', 'reversed']);

/** A card payment's reference, as Paystack and the customer's bank statement show it. */
const newPaymentReference = () => newReference('RUWA');

function requireSameBuyer(row: PaymentRow, userId: number, purpose: string, field = REFERENCE_FIELD) {
  if (row.userId !== userId || row.purpose !== purpose) {
    throw fieldError(field, 'This payment reference has already been used for something else.');
  }
}

function purposeOrThrow(name: string): Purpose {
  const purpose = purposeNamed(name);
  if (!purpose)
    throw new AppError('validation', `Unknown payment purpose ${name}.`, {
      purpose: ['This purchase type is not supported.'],
    });
  return purpose;
}

/** A purchase the customer means to pay for by card, priced by the server. */
type Intent = {
  reference: string;
  userId: number;
  purpose: string;
  amountKobo: number;
  metadata: Record<string, unknown>;
};

const intentOf = (reference: string, userId: number, purpose: string, amountKobo: number, input: unknown): Intent => ({
  reference,
  userId,
  purpose,
  amountKobo,
  metadata: { purpose, user_id: userId, ...(input as Record<string, unknown>) },
});

/**
 * Records the intent, once per reference: the reconciliation job can then verify and complete the
 * purchase even if the browser and the webhook both never come back.
 */
async function recordIntent(db: DbOrTx, intent: Intent) {
  await db.insert(payments).values(intent).onConflictDoNothing();
}

/**
 * Starts a card payment: prices the purchase on the server and records the intent under a fresh
 * reference.
 */
export async function initializeCardPayment(
  ctx: AppContext,
  user: { id: number; email: string },
  purposeName: string,
  rawInput: unknown,
): Promise<PaymentIntent> {
  const purpose = purposeOrThrow(purposeName);
  const input = parseInput(purpose.input, rawInput);
  await purpose.beforePayment?.(ctx, user.id, input, (rawInput ?? {}) as Record<string, unknown>);
  const { amountKobo } = await purpose.prepare(ctx, user.id, input, 'intent');
  const intent = intentOf(newPaymentReference(), user.id, purposeName, amountKobo, input);
  await recordIntent(ctx.db, intent);
  return {
    reference: intent.reference,
    amount_kobo: amountKobo,
    amount: koboToNaira(amountKobo),
    currency: 'NGN',
    email: user.email,
    metadata: intent.metadata,
  };
}

/**
 * A reference alone proves nothing about who paid, and the first account to present an unfinished
 * one would otherwise get its value: the transaction must name this customer, by the user id our
 * checkout put in its metadata or, without one, by the e-mail it was paid with.
 */
async function paidByThisCustomer(ctx: AppContext, userId: number, paid: PaystackTransaction): Promise<boolean> {
  const payer = paid.metadata?.user_id;
  if (payer !== undefined && payer !== null && payer !== '') return Number(payer) === userId;
  const user = await getUser(ctx.db, userId);
  return paid.email !== null && paid.email.trim().toLowerCase() === user.email.toLowerCase();
}

export type CardPaymentResult<Result extends Fulfilment = Fulfilment> = {
  created: boolean;
  fulfilment: Result;
  payment: PaymentRow;
};

type Completion = {
  userId: number;
  reference: string;
  input: unknown;
  /** The request field that carried the reference, so a refusal is shown under it (deposits call it tx_id). */
  referenceField?: string;
};

/** A payment completed before answers what it bought (a row marked success always records it). */
const replayOf = <Result extends Fulfilment>(row: PaymentRow): CardPaymentResult<Result> => ({
  created: false,
  fulfilment: row.fulfilment as Result,
  payment: row,
});

/**
 * Step 1, replay if done: the payment row recorded for this reference, refused when it belongs to
 * another customer or purchase, and answered as it is when it was completed before.
 */
async function replayIfDone<Result extends Fulfilment>(
  db: DbOrTx,
  purpose: { name: string },
  args: Completion,
  field: string,
): Promise<{ done: CardPaymentResult<Result> } | { recorded: PaymentRow | null }> {
  const recorded = await findPayment(db, args.reference);
  if (recorded) requireSameBuyer(recorded, args.userId, purpose.name, field);
  return recorded?.status === 'success' ? { done: replayOf<Result>(recorded) } : { recorded };
}

/**
 * Step 2, verify: asks Paystack about the reference and answers the transaction only when it
 * succeeded. While the customer may yet be charged (Paystack unreachable, or the payment still under
 * way) the intent is recorded for reconciliation and the customer is told not to pay again; a final
 * failure is recorded on the payment and refused.
 */
async function verify(
  ctx: AppContext,
  intent: Intent,
  recorded: PaymentRow | null,
  field: string,
): Promise<PaystackTransaction> {
  let paid;
  try {
    paid = await ctx.paystack.verify(intent.reference);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    await recordIntent(ctx.db, intent);
    ctx.log.warn(
      { err: error, reference: intent.reference },
      'payment not verified: provider failed; left for reconciliation',
    );
    throw new AppError('bad_gateway', PAYMENT_PENDING_MESSAGE, undefined, {
      code: 'payment_pending',
      reference: intent.reference,
    });
  }
  if (!paid)
    throw fieldError(field, 'We could not find this payment. If you were charged, it will be reconciled shortly.');
  if (paid.status === 'success') return paid;
  if (FINAL_FAILURES.has(paid.status)) {
    if (recorded)
      await ctx.db
        .update(payments)
        .set({ providerStatus: paid.status, updatedAt: new Date() })
        .where(eq(payments.id, recorded.id));
    throw fieldError(field, `The payment was not successful (${paid.status}). You have not been charged.`);
  }
  // Still under way (pending, ongoing, processing, queued): the money may yet arrive. Only the payer's
  // intent is kept, so reconciliation completes it if it does.
  if (!recorded && (await paidByThisCustomer(ctx, intent.userId, paid))) await recordIntent(ctx.db, intent);
  const message = `The payment is still being processed (${paid.status}). If it goes through, we will complete your purchase automatically; do not pay again.`;
  throw new AppError(
    'validation',
    message,
    { [field]: [message] },
    { code: 'payment_pending', reference: intent.reference },
  );
}

/** Step 3, match: the successful transaction is in naira, from this customer, for the server's price. */
async function match(ctx: AppContext, paid: PaystackTransaction, intent: Intent, field: string) {
  if (paid.currency !== 'NGN') throw fieldError(field, 'The payment was not made in naira.');
  if (!(await paidByThisCustomer(ctx, intent.userId, paid)))
    throw fieldError(field, 'This payment was made from another account.');
  if (paid.amountKobo !== intent.amountKobo) {
    throw fieldError(
      field,
      `The amount paid (${formatNaira(koboToNaira(paid.amountKobo))}) does not match the price (${formatNaira(koboToNaira(intent.amountKobo))}).`,
    );
  }
}

/**
 * Step 4, fulfil once: records the intent and locks its row; whoever locks it first fulfils the
 * purchase and marks the payment done with what it bought, in one transaction. A racing webhook or
 * replay waits on the lock, then sees success and answers the same result.
 */
async function fulfilOnce<Result extends Fulfilment>(
  ctx: AppContext,
  intent: Intent,
  prepared: Prepared<Result>,
  paid: PaystackTransaction,
  field: string,
): Promise<CardPaymentResult<Result>> {
  return ctx.db.transaction(async (tx) => {
    await recordIntent(tx, intent);
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'paystack'), eq(payments.reference, intent.reference)))
      .for('update');
    requireSameBuyer(row!, intent.userId, intent.purpose, field);
    if (row!.status === 'success') return replayOf<Result>(row!);

    const fulfilment = await prepared.fulfil(tx, { id: row!.id, reference: intent.reference });
    if (prepared.sale)
      await post(tx, journal('card_payment', intent.reference, { amountKobo: intent.amountKobo, sale: prepared.sale }));
    const [done] = await tx
      .update(payments)
      .set({
        status: 'success',
        fulfilment,
        providerStatus: paid.status,
        amountKobo: intent.amountKobo,
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row!.id))
      .returning();
    crashPoint(ctx, 'before-commit');
    return { created: true, fulfilment, payment: done! };
  });
}

/**
 * Completes a card payment exactly once, from any path (the client's call, the webhook, the
 * reconciliation job): replay if done, verify with Paystack, match it to the server's price, then
 * fulfil once. The same reference again answers the first result.
 */
export async function completeCardPayment<Input, Result extends Fulfilment>(
  ctx: AppContext,
  purpose: Purpose<Input, Result>,
  args: Completion,
): Promise<CardPaymentResult<Result>> {
  const field = args.referenceField ?? REFERENCE_FIELD;
  const replay = await replayIfDone<Result>(ctx.db, purpose, args, field);
  if ('done' in replay) return replay.done;

  const input = purpose.input.parse(args.input);
  const prepared = await purpose.prepare(ctx, args.userId, input, 'paid');
  const intent = intentOf(args.reference, args.userId, purpose.name, prepared.amountKobo, input);
  const paid = await verify(ctx, intent, replay.recorded, field);
  await match(ctx, paid, intent, field);

  crashPoint(ctx, 'after-verify');
  const result = await fulfilOnce(ctx, intent, prepared, paid, field);
  if (result.created) {
    await mailPaymentReceipt(ctx, prepared, result);
    await prepared.afterCommit?.(result.fulfilment);
  }
  return result;
}

/** Queues the receipt e-mail of a card payment just completed (never twice: only its first completion calls it). */
async function mailPaymentReceipt<Result extends Fulfilment>(
  ctx: AppContext,
  prepared: Prepared<Result>,
  result: CardPaymentResult<Result>,
): Promise<void> {
  if (!prepared.receipt) return;
  const receipt = prepared.receipt(result.fulfilment);
  await mailReceipt(ctx, {
    ...receipt,
    userId: result.payment.userId,
    at: result.payment.verifiedAt ?? new Date(),
    amountKobo: result.payment.amountKobo,
    paidWith: RECEIPT_PAID_WITH.card,
    status: RECEIPT_STATUSES.successful,
  });
}

/** Completes a payment from what was recorded with it (the webhook and reconciliation paths). */
export async function completeFromRecord(
  ctx: AppContext,
  reference: string,
  providerMetadata: Record<string, unknown> | null,
) {
  const recorded = await findPayment(ctx.db, reference);
  if (recorded?.status === 'success') return;
  const metadata = recorded?.metadata ?? providerMetadata ?? {};
  const name = typeof metadata.purpose === 'string' ? metadata.purpose : recorded?.purpose;
  const purpose = name ? purposeNamed(name) : undefined;
  const userId = recorded?.userId ?? Number(metadata.user_id);
  if (!purpose || !Number.isInteger(userId) || userId <= 0) {
    ctx.log.warn({ reference }, 'paid reference carries no purchase we can complete');
    return;
  }
  await completeCardPayment(ctx, purpose, { userId, reference, input: metadata });
}
