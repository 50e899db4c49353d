import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import * as catalog from '../catalog/service';
import { publish } from '../events/service';
import { getSettings } from '../settings/service';
import { countUnacceptedOrders, listUnacceptedOrders } from './list-queries';
import { completeEndedSubscriptions, scheduleDueDeliveries } from './subscriptions';

export const SUBSCRIPTION_DELIVERIES_JOB = 'orders.subscription-deliveries';
export const UNACCEPTED_ALERTS_JOB = 'orders.unaccepted-alerts';

/** Creates the deliveries due today, then completes the subscriptions whose period is over. */
export async function runSubscriptionDeliveries(ctx: AppContext, on?: string) {
  const created = await scheduleDueDeliveries(ctx, on);
  const completed = await completeEndedSubscriptions(ctx, on);
  return { created, completed };
}

/** How far back unaccepted orders are looked for: the events' retention, so none is alerted twice. */
const UNACCEPTED_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Alerts admins once about each paid order no agent has accepted within the settings' minutes
 * (again if it becomes paid again later). Part of a job that runs every minute; answers how many.
 * The event's dedupe key makes "once" hold across reruns and instances: a second instance's insert
 * of the same key waits for the first to commit and then records nothing, so only one alert is
 * queued (events/alerts.ts sends it: in the app, by push, and by SMS and e-mail to those on duty).
 */
export async function alertUnacceptedOrders(ctx: AppContext, now = new Date()): Promise<number> {
  const minutes = (await getSettings(ctx.db)).alerts.unaccepted_order_minutes;
  const late = await listUnacceptedOrders(ctx.db, {
    before: new Date(now.getTime() - minutes * 60_000),
    notBefore: new Date(now.getTime() - UNACCEPTED_LOOKBACK_MS),
  });
  if (!late.length) return 0;
  const names = await catalog.locationNames(ctx.db, [...new Set(late.map((order) => order.locationId))]);
  // One transaction: an event recorded is an alert queued.
  return ctx.db.transaction((tx) =>
    publish(
      tx,
      late.map((order) => ({
        type: 'order.unaccepted' as const,
        payload: {
          id: order.id,
          location_id: order.locationId,
          location_name: names.get(order.locationId) ?? '',
          minutes,
        },
        to: { admins: true },
        dedupeKey: `order.unaccepted:${order.id}:${order.updatedAt.getTime()}`,
      })),
    ),
  );
}

/** How many paid orders have waited longer than the settings' minutes for an agent, right now. */
export async function unacceptedOrdersCount(db: DbOrTx, now = new Date()): Promise<number> {
  const minutes = (await getSettings(db)).alerts.unaccepted_order_minutes;
  return countUnacceptedOrders(db, new Date(now.getTime() - minutes * 60_000));
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
