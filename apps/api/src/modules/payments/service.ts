import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, parseInput } from '../../lib/http/errors';
import { normalizeMetadata, PaystackError, type PaystackTransaction } from '../../platform/paystack/client';
import { getUser } from '../users/service';
import { newReference } from '../../lib/references';
import { crashPoint } from './crash-point';
import { purposeNamed } from './purposes';
import { payments, webhookEvents, type PaymentRow } from './schema';

export { registerPurpose, type Prepared, type Purpose } from './purposes';

const REFERENCE_FIELD = 'transaction_id';
export const PAYMENT_PENDING_MESSAGE =
  'We could not confirm your payment with Paystack just now. If you were charged, we will complete your purchase automatically within 15 minutes; do not pay again.';

/** Paystack statuses after which no money will ever arrive for the reference. */
const FINAL_FAILURES = new Set(['failed', 'abandoned', 'reversed']);

/** A card payment's reference, as Paystack and the customer's bank statement show it. */
const newPaymentReference = () => newReference('RUWA');

async function findPayment(db: DbOrTx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'paystack'), eq(payments.reference, reference)))
    .limit(1);
  return row ?? null;
}

function requireSameBuyer(row: PaymentRow, userId: number, purpose: string, field = REFERENCE_FIELD) {
  if (row.userId !== userId || row.purpose !== purpose) {
    throw fieldError(field, 'This payment reference has already been used for something else.');
  }
}

function purposeOrThrow(name: string) {
  const purpose = purposeNamed(name);
  if (!purpose)
    throw new AppError('validation', `Unknown payment purpose ${name}.`, {
      purpose: ['This purchase type is not supported.'],
    });
  return purpose;
}

/**
 * Starts a card payment: prices the purchase on the server and records the intent, so the
 * reconciliation job can finish it even if the browser and the webhook both never come back.
 */
export async function initializeCardPayment(
  ctx: AppContext,
  user: { id: number; email: string },
  purposeName: string,
  rawInput: unknown,
) {
  const purpose = purposeOrThrow(purposeName);
  const input = parseInput(purpose.input, rawInput);
  await purpose.beforePayment?.(ctx, user.id, input, (rawInput ?? {}) as Record<string, unknown>);
  const { amountKobo } = await purpose.prepare(ctx, user.id, input);
  const reference = newPaymentReference();
  const metadata = { purpose: purposeName, user_id: user.id, ...(input as Record<string, unknown>) };
  await ctx.db.insert(payments).values({ reference, userId: user.id, purpose: purposeName, amountKobo, metadata });
  return {
    reference,
    amount_kobo: amountKobo,
    amount: koboToNaira(amountKobo),
    currency: 'NGN',
    email: user.email,
    metadata,
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

export type CardPaymentResult = { created: boolean; resultRef: string; payment: PaymentRow };

/**
 * Completes a card payment exactly once: verifies the reference with Paystack (success, NGN, the
 * server's price), then records the payment and fulfils the purchase in one transaction. The same
 * reference again, from any path, answers the first result.
 */
export async function completeCardPayment(
  ctx: AppContext,
  args: {
    userId: number;
    reference: string;
    purpose: string;
    input: unknown;
    /** The request field that carried the reference, so a refusal is shown under it (deposits call it tx_id). */
    referenceField?: string;
  },
): Promise<CardPaymentResult> {
  const field = args.referenceField ?? REFERENCE_FIELD;
  const purpose = purposeOrThrow(args.purpose);
  const existing = await findPayment(ctx.db, args.reference);
  if (existing?.status === 'success') {
    requireSameBuyer(existing, args.userId, args.purpose, field);
    return { created: false, resultRef: existing.resultRef!, payment: existing };
  }
  if (existing) requireSameBuyer(existing, args.userId, args.purpose, field);

  const input = purpose.input.parse(args.input);
  const prepared = await purpose.prepare(ctx, args.userId, input);

  const metadata = { purpose: args.purpose, user_id: args.userId, ...(input as Record<string, unknown>) };
  let paid;
  try {
    paid = await ctx.paystack.verify(args.reference);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    // The customer may well have been charged: keep the purchase as an open intent so the
    // reconciliation job verifies and completes it once Paystack answers again.
    await ctx.db
      .insert(payments)
      .values({
        reference: args.reference,
        userId: args.userId,
        purpose: args.purpose,
        amountKobo: prepared.amountKobo,
        metadata,
      })
      .onConflictDoNothing();
    ctx.log.warn(
      { err: error, reference: args.reference },
      'payment not verified: provider failed; left for reconciliation',
    );
    throw new AppError('bad_gateway', PAYMENT_PENDING_MESSAGE, undefined, {
      code: 'payment_pending',
      reference: args.reference,
    });
  }
  if (!paid)
    throw fieldError(field, 'We could not find this payment. If you were charged, it will be reconciled shortly.');
  if (paid.status !== 'success') {
    if (FINAL_FAILURES.has(paid.status)) {
      if (existing)
        await ctx.db
          .update(payments)
          .set({ providerStatus: paid.status, updatedAt: new Date() })
          .where(eq(payments.id, existing.id));
      throw fieldError(field, `The payment was not successful (${paid.status}). You have not been charged.`);
    }
    // Still under way (pending, ongoing, processing, queued): the money may yet arrive. Keep the
    // purchase as an open intent (only for the payer) so reconciliation completes it if it does.
    if (!existing && (await paidByThisCustomer(ctx, args.userId, paid))) {
      await ctx.db
        .insert(payments)
        .values({
          reference: args.reference,
          userId: args.userId,
          purpose: args.purpose,
          amountKobo: prepared.amountKobo,
          metadata,
        })
        .onConflictDoNothing();
    }
    const message = `The payment is still being processed (${paid.status}). If it goes through, we will complete your purchase automatically; do not pay again.`;
    throw new AppError(
      'validation',
      message,
      { [field]: [message] },
      { code: 'payment_pending', reference: args.reference },
    );
  }
  if (paid.currency !== 'NGN') throw fieldError(field, 'The payment was not made in naira.');
  if (!(await paidByThisCustomer(ctx, args.userId, paid)))
    throw fieldError(field, 'This payment was made from another account.');
  if (paid.amountKobo !== prepared.amountKobo) {
    throw fieldError(
      field,
      `The amount paid (${formatNaira(koboToNaira(paid.amountKobo))}) does not match the price (${formatNaira(koboToNaira(prepared.amountKobo))}).`,
    );
  }

  crashPoint(ctx, 'after-verify');
  const result = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(payments)
      .values({
        reference: args.reference,
        userId: args.userId,
        purpose: args.purpose,
        amountKobo: prepared.amountKobo,
        metadata,
      })
      .onConflictDoNothing();
    // Whoever locks the row first fulfils; a racing webhook or replay waits here, then sees success.
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'paystack'), eq(payments.reference, args.reference)))
      .for('update');
    requireSameBuyer(row!, args.userId, args.purpose, field);
    if (row!.status === 'success') return { created: false, resultRef: row!.resultRef!, payment: row! };

    const resultRef = await prepared.fulfil(tx, { id: row!.id, reference: args.reference });
    const [done] = await tx
      .update(payments)
      .set({
        status: 'success',
        resultRef,
        providerStatus: paid.status,
        amountKobo: prepared.amountKobo,
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row!.id))
      .returning();
    crashPoint(ctx, 'before-commit');
    return { created: true, resultRef, payment: done! };
  });
  if (result.created && prepared.afterCommit) await prepared.afterCommit(result.resultRef);
  return result;
}

/** Completes a payment from what was recorded with it (the webhook and reconciliation paths). */
async function completeFromRecord(
  ctx: AppContext,
  reference: string,
  providerMetadata: Record<string, unknown> | null,
) {
  const recorded = await findPayment(ctx.db, reference);
  if (recorded?.status === 'success') return;
  const metadata = recorded?.metadata ?? providerMetadata ?? {};
  const purpose = typeof metadata.purpose === 'string' ? metadata.purpose : recorded?.purpose;
  const userId = recorded?.userId ?? Number(metadata.user_id);
  if (!purpose || !Number.isInteger(userId) || userId <= 0 || !purposeNamed(purpose)) {
    ctx.log.warn({ reference }, 'paid reference carries no purchase we can complete');
    return;
  }
  await completeCardPayment(ctx, { userId, reference, purpose, input: metadata });
}

// Webhooks

type EventHandler = (ctx: AppContext, data: Record<string, unknown>) => Promise<void>;
const eventHandlers = new Map<string, EventHandler>([
  ['charge.success', (ctx, data) => completeFromRecord(ctx, String(data.reference), normalizeMetadata(data.metadata))],
]);

/** Lets another module handle a Paystack event (the wallet handles transfer.*). */
export function onPaystackEvent(event: string, handler: EventHandler) {
  eventHandlers.set(event, handler);
}

/**
 * Stores the event once; answers its id to process, or null when it was already processed. A
 * repeat of an event that was stored but never finished (the process died, the provider was down)
 * is worth processing again now rather than waiting for reconciliation; processing is idempotent.
 */
export async function recordWebhook(
  ctx: AppContext,
  event: string,
  payload: Record<string, unknown>,
): Promise<number | null> {
  const data = (payload.data ?? {}) as Record<string, unknown>;
  const reference = String(data.reference ?? data.transfer_code ?? data.id ?? '');
  const [row] = await ctx.db
    .insert(webhookEvents)
    .values({ provider: 'paystack', event, reference, payload })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (row) return row.id;
  const [stored] = await ctx.db
    .select({ id: webhookEvents.id, processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, 'paystack'),
        eq(webhookEvents.event, event),
        eq(webhookEvents.reference, reference),
      ),
    );
  return stored && !stored.processedAt ? stored.id : null;
}

export async function processWebhook(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  if (!row || row.processedAt) return;
  const handler = eventHandlers.get(row.event);
  try {
    if (handler) await handler(ctx, (row.payload.data ?? {}) as Record<string, unknown>);
    await ctx.db
      .update(webhookEvents)
      .set({ processedAt: new Date(), attempts: sql`${webhookEvents.attempts} + 1`, lastError: null })
      .where(eq(webhookEvents.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(webhookEvents)
      .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastError: message.slice(0, 500) })
      .where(eq(webhookEvents.id, id));
    ctx.log.warn(
      { err: error, webhookId: id, event: row.event },
      'webhook processing failed; reconciliation will retry',
    );
  }
}

// Reconciliation

const STALE_MS = 10 * 60_000;
const GIVE_UP_MS = 24 * 3600_000;

/**
 * Finishes what the browser and the webhook left undone: payments still `initialized` after 10
 * minutes are verified with Paystack and completed (or closed), and webhooks that failed are retried.
 */
export async function reconcilePayments(
  ctx: AppContext,
  now = new Date(),
): Promise<{ completed: number; closed: number; retried: number }> {
  const stats = { completed: 0, closed: 0, retried: 0 };
  const stale = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'initialized'), lt(payments.createdAt, new Date(now.getTime() - STALE_MS))))
    .limit(200);
  for (const payment of stale) {
    try {
      const paid = await ctx.paystack.verify(payment.reference);
      if (paid?.status === 'success') {
        await completeFromRecord(ctx, payment.reference, paid.metadata);
        stats.completed += 1;
      } else if (paid?.status === 'failed' || now.getTime() - payment.createdAt.getTime() > GIVE_UP_MS) {
        await ctx.db
          .update(payments)
          .set({
            status: paid?.status === 'failed' ? 'failed' : 'abandoned',
            providerStatus: paid?.status ?? 'not_found',
            updatedAt: new Date(),
          })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'initialized')));
        stats.closed += 1;
      }
    } catch (error) {
      ctx.log.warn({ err: error, reference: payment.reference }, 'reconciliation could not finish a payment');
    }
  }

  const unprocessed = await ctx.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        isNull(webhookEvents.processedAt),
        lt(webhookEvents.receivedAt, new Date(now.getTime() - 60_000)),
        lt(webhookEvents.attempts, 10),
      ),
    )
    .limit(200);
  for (const event of unprocessed) {
    await processWebhook(ctx, event.id);
    stats.retried += 1;
  }
  return stats;
}
