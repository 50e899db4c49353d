import { formatNaira, koboToNaira, type SubscriptionOrderInput } from '@ruwa/contract';
import { addDaysTo, formatDate, lagosDay } from '@ruwa/contract/dates';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { SYSTEM } from '../audit/service';
import { publishOrderChange } from '../events/service';
import { notify } from '../notifications/service';
import { credit } from '../wallet/service';
import { toSubscription } from './presenters';
import { boughtName, saleOf, orderSnapshot, subscriptionPrice, type Paid, type Quote } from './pricing';
import { insertOrder, recordTransition } from './queries';
import type { SubscriptionRow } from './schema';
import * as q from './subscription-queries';

// A subscription: one delivery order at a time as each one's day comes, a refund of the deliveries
// not yet made when it is cancelled, and its end once its period is over.

export async function createSubscription(
  tx: Tx,
  userId: number,
  input: SubscriptionOrderInput,
  price: Quote,
  paid: Paid,
): Promise<SubscriptionRow> {
  const { deliveries, totalKobo } = subscriptionPrice(price, input);
  const startsOn = price.slot?.date ?? lagosDay(new Date());
  const subscription = await q.insertSubscription(tx, {
    userId,
    ...orderSnapshot(input, price),
    deliveryIntervalDays: input.delivery_interval_days,
    durationInDays: input.duration_in_days,
    deliveriesCount: deliveries,
    deliveryFeeKobo: price.feeKobo,
    deliveryWindow: price.slot?.label ?? null,
    cylinderSizeGrams: price.cylinder?.sizeGrams ?? null,
    cylinderType: price.cylinder?.type ?? null,
    amountKobo: totalKobo,
    recipientCity: input.recipient_city,
    recipientState: input.recipient_state,
    recipientCountry: input.recipient_country,
    paymentMethod: paid.method,
    paymentReference: paid.reference,
    startsOn,
    endsOn: addDaysTo(startsOn, input.duration_in_days),
  });
  await notify(tx, userId, {
    kind: 'payment',
    title: 'Subscription started',
    description: `${formatNaira(koboToNaira(totalKobo))} paid: ${deliveries} deliveries of ${input.quantity} x ${boughtName(price)}, every ${input.delivery_interval_days} days.`,
  });
  await createDelivery(tx, subscription);
  return (await q.findSubscription(tx, subscription.id))!;
}

/** What one delivery of a subscription costs: its items and its delivery fee. */
const perDeliveryKobo = (subscription: SubscriptionRow) =>
  subscription.unitPriceKobo * subscription.quantity + subscription.deliveryFeeKobo;

/** The next scheduled delivery of a subscription, as an order agents can fulfil. */
async function createDelivery(tx: Tx, subscription: SubscriptionRow) {
  const scheduledFor = addDaysTo(
    subscription.startsOn,
    subscription.deliveriesMade * subscription.deliveryIntervalDays,
  );
  const order = await insertOrder(tx, {
    userId: subscription.userId,
    subscriptionId: subscription.id,
    productId: subscription.productId,
    locationId: subscription.locationId,
    productName: subscription.productName,
    categoryKind: subscription.categoryKind,
    quantity: subscription.quantity,
    unitPriceKobo: subscription.unitPriceKobo,
    subAmountKobo: subscription.unitPriceKobo * subscription.quantity,
    deliveryFeeKobo: subscription.deliveryFeeKobo,
    amountKobo: perDeliveryKobo(subscription),
    recipientAddress: subscription.recipientAddress,
    recipientPhone: subscription.recipientPhone,
    landmark: subscription.landmark,
    deliveryWindow: subscription.deliveryWindow,
    cylinderSizeGrams: subscription.cylinderSizeGrams,
    cylinderType: subscription.cylinderType,
    status: 'paid',
    paymentMethod: 'subscription',
    scheduledFor,
  });
  await recordTransition(
    tx,
    order.id,
    null,
    'paid',
    SYSTEM,
    `Delivery ${subscription.deliveriesMade + 1} of ${subscription.deliveriesCount}`,
  );
  await publishOrderChange(tx, order, null);
  await notify(tx, subscription.userId, {
    kind: 'order',
    title: 'Subscription delivery scheduled',
    description: `Delivery ${subscription.deliveriesMade + 1} of ${subscription.deliveriesCount}: ${subscription.quantity} x ${subscription.productName} on ${formatDate(scheduledFor)}.`,
  });
  // The subscription stays active until its period ends (completeEndedSubscriptions), even once
  // its last delivery is scheduled: the customer is still being served until then.
  await q.updateSubscription(tx, subscription.id, { deliveriesMade: subscription.deliveriesMade + 1 });
}

/** Cancels a subscription; deliveries not yet made are refunded to the wallet. */
export async function cancelSubscription(ctx: AppContext, userId: number, id: number) {
  return ctx.db.transaction(async (tx) => {
    const subscription = await q.findSubscription(tx, id, { forUpdate: true });
    if (!subscription || subscription.userId !== userId) throw notFound('Subscription');
    if (subscription.status !== 'active')
      throw new AppError('conflict', `This subscription is already ${subscription.status}.`);
    const unused = subscription.deliveriesCount - subscription.deliveriesMade;
    // Each unused delivery comes back whole: its items and its delivery fee.
    const refundKobo = unused * perDeliveryKobo(subscription);
    if (refundKobo > 0) {
      await credit(tx, userId, {
        amountKobo: refundKobo,
        type: 'refund',
        reference: `subscription:${subscription.id}`,
        sale: saleOf(subscription.categoryKind, unused * subscription.deliveryFeeKobo),
        description: `Refund: ${unused} unused deliver${unused === 1 ? 'y' : 'ies'} of ${subscription.productName}`,
      });
    }
    await q.updateSubscription(tx, subscription.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      refundedKobo: refundKobo,
    });
    await notify(tx, userId, {
      kind: 'order',
      title: 'Subscription cancelled',
      description:
        refundKobo > 0
          ? `${formatNaira(koboToNaira(refundKobo))} for ${unused} unused deliveries is back in your wallet.`
          : 'No deliveries were left to refund.',
    });
    const delivered = await q.deliveredCounts(tx, [subscription.id]);
    return toSubscription((await q.findSubscription(tx, subscription.id))!, delivered.get(subscription.id));
  });
}

/** Creates every subscription delivery that is due (the deliveries job). Answers how many. */
export async function scheduleDueDeliveries(ctx: AppContext, on = lagosDay()): Promise<number> {
  let created = 0;
  for (const { id } of await q.subscriptionsDue(ctx.db, on)) {
    created += await ctx.db.transaction(async (tx) => {
      const subscription = await q.findSubscription(tx, id, { forUpdate: true });
      if (
        !subscription ||
        subscription.status !== 'active' ||
        subscription.deliveriesMade >= subscription.deliveriesCount
      )
        return 0;
      if (addDaysTo(subscription.startsOn, subscription.deliveriesMade * subscription.deliveryIntervalDays) > on)
        return 0;
      await createDelivery(tx, subscription);
      return 1;
    });
  }
  return created;
}

/**
 * Completes every active subscription whose period is over (`ends_on` on or before `on`) and whose
 * deliveries have all been scheduled (a late one is created first by scheduleDueDeliveries). Part
 * of the deliveries job. Answers how many.
 */
export async function completeEndedSubscriptions(ctx: AppContext, on = lagosDay()): Promise<number> {
  let completed = 0;
  for (const { id } of await q.subscriptionsEnded(ctx.db, on)) {
    completed += await ctx.db.transaction(async (tx) => {
      const subscription = await q.findSubscription(tx, id, { forUpdate: true });
      if (
        !subscription ||
        subscription.status !== 'active' ||
        subscription.deliveriesMade < subscription.deliveriesCount ||
        subscription.endsOn > on
      )
        return 0;
      await q.updateSubscription(tx, subscription.id, { status: 'completed' });
      await notify(tx, subscription.userId, {
        kind: 'order',
        title: 'Subscription completed',
        description: `Your ${subscription.durationInDays}-day subscription to ${subscription.productName} has ended after ${subscription.deliveriesCount} deliveries.`,
      });
      return 1;
    });
  }
  return completed;
}
