import type { AppContext } from '../../lib/context';
import { scheduleDueDeliveries } from './service';

export const SUBSCRIPTION_DELIVERIES_JOB = 'orders.subscription-deliveries';

export function registerOrderJobs(ctx: AppContext) {
  ctx.jobs.work(SUBSCRIPTION_DELIVERIES_JOB, async () => {
    const created = await scheduleDueDeliveries(ctx);
    if (created) ctx.log.info({ created }, 'subscription deliveries scheduled');
  });
  ctx.jobs.every(SUBSCRIPTION_DELIVERIES_JOB, 60);
}
