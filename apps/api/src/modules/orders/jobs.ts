import type { AppContext } from '../../lib/context';
import {
  alertUnacceptedOrders,
  completeEndedSubscriptions,
  DELIVERY_CODES_JOB,
  scheduleDueDeliveries,
  sendDeliveryCodes,
} from './service';

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
  ctx.jobs.work(DELIVERY_CODES_JOB, async () => {
    const sent = await sendDeliveryCodes(ctx);
    if (sent) ctx.log.info({ sent }, 'delivery codes sent by SMS');
  });
  // Sent after each order as well; the schedule catches subscription deliveries and failed sends.
  ctx.jobs.every(DELIVERY_CODES_JOB, 1);
}
