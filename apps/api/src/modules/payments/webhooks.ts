import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { normalizeMetadata } from '../../platform/paystack/client';
import { completeFromRecord } from './card-payments';
import { settleCardRefund } from './card-refunds';
import { webhookEvents } from './schema';

type EventHandler = (ctx: AppContext, data: Record<string, unknown>) => Promise<void>;
/** Charges that are not card payments for a purchase (a bank transfer into a dedicated account). */
const chargeChannelHandlers = new Map<string, EventHandler>();
const completeCharge: EventHandler = (ctx, data) =>
  completeFromRecord(ctx, String(data.reference), normalizeMetadata(data.metadata));
const eventHandlers = new Map<string, EventHandler>([
  ['charge.success', (ctx, data) => (chargeChannelHandlers.get(String(data.channel)) ?? completeCharge)(ctx, data)],
  // Refunds to a card, whichever purchase they are for (its owning module describes it: describeCardRefunds).
  ['refund.processed', (ctx, data) => settleCardRefund(ctx, data, 'processed')],
  ['refund.failed', (ctx, data) => settleCardRefund(ctx, data, 'failed')],
]);

/** Lets another module handle successful charges of one channel (the wallet handles dedicated_nuban). */
export function onPaystackCharge(channel: string, handler: EventHandler) {
  chargeChannelHandlers.set(channel, handler);
}

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
