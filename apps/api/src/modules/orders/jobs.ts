import type { AppContext } from '../../lib/context';
import { alertUnacceptedOrders, completeEndedSubscriptions, scheduleDueDeliveries } from './service';

export const SUBSCRIPTION_DELIVERIES_JOB = 'orders.subscription-deliveries';
export const UNACCEPTED_ALERTS_JOB = 'orders.unaccepted-alerts';

/** Creates the deliveries due today, then completes the subscriptions whose period is over. */
export async function runSubscriptionDeliveries(ctx: AppContext, on?: string) {
  const created = await scheduleDueDeliveries(ctx, on);
  const completed = await completeEndedSubscriptions(ctx, on);
  return { created, completed };
}

export function registerOrderJobs(ctx: AppContext) {
  ctx.jobs.work(SUBSCRIPTION_DELIVERIES_JOB, async () => {
    const { created, completed } = await runSubscriptionDeliveries(ctx);
    if (created || completed) ctx.log.info({ created, completed }, 'subscription deliveries scheduled');
  });
  ctx.jobs.every(SUBSCRIPTION_DELIVERIES_JOB, 60);
  ctx.jobs.work(UNACCEPTED_ALERTS_JOB, async () => {
    const alerted = await alertUnacceptedOrders(ctx);
    if (alerted) ctx.log.info({ alerted }, 'admins alerted about unaccepted orders');
  });
  ctx.jobs.every(UNACCEPTED_ALERTS_JOB, 1);
}
