import pMap from 'p-map';
import type { AppContext } from '../../lib/context';
import * as orders from '../orders/service';
import { usersByIds } from '../users/service';

// Texting each paid order's delivery code to its customer, from the queue the order store fills.

/** Delivery-code texts sent at a time: an SMS provider answers in tenths of a second, not milliseconds. */
const DELIVERY_CODE_SENDS_AT_ONCE = 8;

/**
 * Texts each paid order's delivery code to its customer once (the job runs soon after new orders and
 * every minute), claim after claim until none is left, so a busy minute does not leave codes
 * waiting. A row is claimed before the send, so two instances never text the same code; a failed
 * send is released to be tried again on the next run, for a day (and ends this run, so an SMS outage
 * is not retried in a loop).
 */
export async function sendDeliveryCodes(ctx: AppContext, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 86_400_000);
  let sent = 0;
  for (;;) {
    const claimed = await orders.claimUnsentDeliveryCodes(ctx.db, since);
    if (!claimed.length) return sent;
    const customers = await usersByIds(
      ctx.db,
      claimed.map((order) => order.userId),
    );
    const results = await pMap(
      claimed,
      (order) => textDeliveryCode(ctx, order, customers.get(order.userId)?.phoneNumber),
      { concurrency: DELIVERY_CODE_SENDS_AT_ONCE },
    );
    sent += results.filter((result) => result === 'sent').length;
    if (results.includes('failed') || claimed.length < orders.DELIVERY_CODES_PER_CLAIM) return sent;
  }
}

/** Texts one order's code; a failed send is released for the next run. */
async function textDeliveryCode(
  ctx: AppContext,
  order: orders.DeliveryCodeToText,
  to: string | undefined,
): Promise<'sent' | 'no phone' | 'failed'> {
  if (!to) return 'no phone';
  try {
    await ctx.sms.send({
      to,
      text: `Ruwa: your delivery code for order #${order.id} (${order.quantity} x ${order.productName}) is ${order.deliveryCode}. Give it to the agent only when your order arrives.`,
    });
    return 'sent';
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'delivery code SMS not sent; will retry');
    await orders.releaseDeliveryCodes(ctx.db, [order.id]);
    return 'failed';
  }
}
