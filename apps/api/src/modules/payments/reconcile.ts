import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { completeFromRecord } from './card-payments';
import { payments, webhookEvents } from './schema';
import { processWebhook } from './webhooks';

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
