import type { AppContext } from '../../lib/context';
import { reconcilePayments } from './service';

export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';

export function registerPaymentJobs(ctx: AppContext) {
  ctx.jobs.work(RECONCILE_PAYMENTS_JOB, async () => {
    const stats = await reconcilePayments(ctx);
    if (stats.completed || stats.closed || stats.retried) ctx.log.info(stats, 'payments reconciled');
  });
  ctx.jobs.every(RECONCILE_PAYMENTS_JOB, 5);
}
