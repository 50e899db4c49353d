import type { AppContext } from '../../lib/context';
import { CARD_REFUNDS_JOB, retryCardRefunds } from './card-refunds';
import { reconcilePayments } from './service';

export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';

export function registerPaymentJobs(ctx: AppContext) {
  ctx.jobs.work(RECONCILE_PAYMENTS_JOB, async () => {
    const stats = await reconcilePayments(ctx);
    if (stats.completed || stats.closed || stats.retried) ctx.log.info(stats, 'payments reconciled');
  });
  ctx.jobs.every(RECONCILE_PAYMENTS_JOB, 5);
  ctx.jobs.work(CARD_REFUNDS_JOB, async () => {
    const queued = await retryCardRefunds(ctx);
    if (queued) ctx.log.info({ queued }, 'card refunds queued with Paystack on a retry');
  });
  // Each refund is asked for right after it is recorded; the schedule catches Paystack outages.
  ctx.jobs.every(CARD_REFUNDS_JOB, 1);
}
