import {
  formatNaira,
  koboToNaira,
  productOrderInput,
  purchaseReference,
  subscriptionOrderInput,
  type PaymentPurpose,
  type ProductOrderInput,
  type ProductOrderStoreBody,
  type SubscriptionOrderStoreBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { sendSoon } from '../../platform/jobs/queue';
import { markAddressUsed } from '../addresses/service';
import { announcerOf, publishOrderChange } from '../events/service';

import {
  mailReceipt,
  mailReceiptsSoon,
  notify,
  RECEIPT_PAID_WITH,
  RECEIPT_STATUSES,
  RECEIPT_WHAT,
} from '../notifications/service';
import {
  completeCardPayment,
  describeCardRefunds,
  registerPurpose,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { checkSentPin, payFromWallet, registerPurchaseOutcomes, requireWalletPin } from '../wallet/service';
import { describeOrderCardRefund } from './cancellations';
import { orderWalletOutcomes } from './wallet-outcomes';
import { toOrder, toSubscription, withLocationNames } from './presenters';
import {
  boughtName,
  saleOf,
  orderSnapshot,
  priceOrder,
  subscriptionPrice,
  type Buyer,
  type Paid,
  type Quote,
} from './pricing';
import * as q from './queries';
import { recordTransition } from './queries';
import type { OrderRow } from './schema';
import { findSubscription } from './subscription-queries';
import { createSubscription } from './subscriptions';

// Buying once or by subscription, by card (a payment purpose the payments module completes) or from
// the wallet.

async function createPaidOrder(
  tx: Tx,
  userId: number,
  input: ProductOrderInput,
  price: Quote,
  paid: Paid,
): Promise<OrderRow> {
  const order = await q.insertOrder(tx, {
    userId,
    ...orderSnapshot(input, price),
    subAmountKobo: price.itemsKobo,
    deliveryFeeKobo: price.feeKobo,
    amountKobo: price.totalKobo,
    cylinderSizeGrams: price.cylinder?.sizeGrams ?? null,
    cylinderType: price.cylinder?.type ?? null,
    scheduledFor: price.slot?.date ?? null,
    deliveryWindow: price.slot?.label ?? null,
    status: 'paid',
    paymentMethod: paid.method,
    paymentReference: paid.reference,
  });
  await recordTransition(
    tx,
    order.id,
    null,
    'paid',
    { id: userId, role: 'customer' },
    `Paid by ${paid.method} (${paid.reference})`,
  );
  await publishOrderChange(tx, order, null, price.location.name);
  const notice = paymentNotice(order.amountKobo, order.quantity, order.productName);
  await notify(tx, userId, {
    kind: 'payment',
    title: 'Payment received',
    description: `${notice.noticeBeforeId}${order.id}${notice.noticeAfterId}`,
  });
  return order;
}

/** The "Payment received" notification's text on either side of the order's id (card and wallet share it). */
function paymentNotice(amountKobo: number, quantity: number, productName: string) {
  return {
    noticeBeforeId: `We received ${formatNaira(koboToNaira(amountKobo))} for ${quantity} x ${productName}. Order #`,
    noticeAfterId: ' is on its way to an agent.',
  };
}

/**
 * A card purpose for something priced from the catalogue: the payment module verifies the payment
 * against `totalOf` and calls `create` inside the payment's transaction.
 */
function catalogPurpose<Input extends ProductOrderInput, Result extends Fulfilment>(
  name: PaymentPurpose,
  input: z.ZodType<Input>,
  totalOf: (price: Quote, input: Input) => { totalKobo: number; feeKobo: number; deliveries?: number },
  kind: 'order' | 'subscription',
  create: (tx: Tx, userId: number, input: Input, price: Quote, paid: Paid) => Promise<Result>,
  /** The reference customers quote for what `create` made (ORD-n, SUB-n). */
  referenceOf: (result: Result) => string,
): Purpose<Input, Result> {
  return {
    name,
    input,
    prepare: async (ctx, userId, parsed, stage) => {
      const price = await priceOrder(ctx.db, userId, parsed, kind, stage === 'paid' ? 'next_day' : 'refuse');
      const { totalKobo, feeKobo, deliveries } = totalOf(price, parsed);
      const name = boughtName(price);
      return {
        amountKobo: totalKobo,
        sale: saleOf(price.category.kind, feeKobo),
        fulfil: (tx, payment) => create(tx, userId, parsed, price, { method: 'card', reference: payment.reference }),
        receipt: (result) => ({
          kind: 'payment',
          reference: referenceOf(result),
          what:
            deliveries === undefined
              ? RECEIPT_WHAT.order(parsed.quantity, name)
              : RECEIPT_WHAT.subscription(parsed.quantity, name, deliveries),
          feeKobo,
        }),
      };
    },
  };
}

const productOrderPurpose = catalogPurpose(
  'product_order',
  productOrderInput,
  (price) => ({ totalKobo: price.totalKobo, feeKobo: price.feeKobo }),
  'order',
  async (tx, userId, input, price, paid) => ({
    kind: 'order' as const,
    orderId: (await createPaidOrder(tx, userId, input, price, paid)).id,
  }),
  (result) => purchaseReference('order', result.orderId),
);

const subscriptionOrderPurpose = catalogPurpose(
  'subscription_order',
  subscriptionOrderInput,
  (price, input) => subscriptionPrice(price, input),
  'subscription',
  async (tx, userId, input, price, paid) => ({
    kind: 'subscription' as const,
    subscriptionId: (await createSubscription(tx, userId, input, price, paid)).id,
  }),
  (result) => purchaseReference('subscription', result.subscriptionId),
);

export function registerOrderPurposes() {
  registerPurpose(productOrderPurpose);
  registerPurpose(subscriptionOrderPurpose);
  describeCardRefunds('order', describeOrderCardRefund);
  registerPurchaseOutcomes('orders', orderWalletOutcomes);
}

/**
 * What createPaidOrder() writes for a card, for a wallet-paid order: the same order, history,
 * notification, live events and queued receipt e-mail, written in one statement with the debit
 * (queries.placeWalletPaidOrder), the events announced once it has committed.
 */
async function placeWalletPaidOrder(
  ctx: AppContext,
  userId: number,
  input: ProductOrderInput,
  price: Quote,
  pinChecked: boolean,
) {
  const { event_ids: eventIds, ...order } = await q.placeWalletPaidOrder(
    ctx.db,
    userId,
    {
      pinChecked,
      amountKobo: price.totalKobo,
      description: `${input.quantity} x ${boughtName(price)}`,
      field: 'payment_method',
      sale: saleOf(price.category.kind, price.feeKobo),
    },
    {
      ...orderSnapshot(input, price),
      locationName: price.location.name,
      subAmountKobo: price.itemsKobo,
      deliveryFeeKobo: price.feeKobo,
      cylinderSizeGrams: price.cylinder?.sizeGrams ?? null,
      cylinderType: price.cylinder?.type ?? null,
      scheduledFor: price.slot?.date ?? null,
      deliveryWindow: price.slot?.label ?? null,
      ...paymentNotice(price.totalKobo, input.quantity, boughtName(price)),
      receiptWhat: RECEIPT_WHAT.order(input.quantity, boughtName(price)),
    } satisfies q.WalletPaidOrder,
  );
  announcerOf(ctx).announce(String(eventIds).split(',').map(Number));
  return order;
}

export async function storeProductOrder(ctx: AppContext, buyer: Buyer, body: ProductOrderStoreBody) {
  const stored = await placeProductOrder(ctx, buyer, body);
  if (body.address_id) await markAddressUsed(ctx.db, buyer.id, body.address_id);
  return stored;
}

async function placeProductOrder(ctx: AppContext, buyer: Buyer, body: ProductOrderStoreBody) {
  const userId = buyer.id;
  if (body.payment_method === 'wallet') {
    // A PIN that was sent is checked here; without one the order's statement refuses a wallet with a PIN.
    const pinChecked = await checkSentPin(ctx, userId, body.pin);
    const price = await priceOrder(ctx.db, buyer, body);
    const order = await placeWalletPaidOrder(ctx, userId, body, price, pinChecked);
    textDeliveryCodeSoon(ctx);
    mailReceiptsSoon(ctx);
    return { created: true, order: toOrder(order, price.location.name, undefined, true) };
  }
  const result = await completeCardPayment(ctx, productOrderPurpose, {
    userId,
    reference: body.transaction_id!,
    input: body,
  });
  const order = (await q.findOrder(ctx.db, result.fulfilment.orderId))!;
  if (result.created) textDeliveryCodeSoon(ctx);
  return { created: result.created, order: (await withLocationNames(ctx.db, [order], true))[0]! };
}

export async function storeSubscriptionOrder(ctx: AppContext, buyer: Buyer, body: SubscriptionOrderStoreBody) {
  const stored = await placeSubscription(ctx, buyer, body);
  if (body.address_id) await markAddressUsed(ctx.db, buyer.id, body.address_id);
  return stored;
}

async function placeSubscription(ctx: AppContext, buyer: Buyer, body: SubscriptionOrderStoreBody) {
  const userId = buyer.id;
  if (body.payment_method === 'wallet') {
    await requireWalletPin(ctx, userId, body.pin);
    const price = await priceOrder(ctx.db, buyer, body, 'subscription');
    const { totalKobo, feeKobo } = subscriptionPrice(price, body);
    const subscription = await payFromWallet(
      ctx.db,
      userId,
      {
        amountKobo: totalKobo,
        description: `Subscription: ${price.product.name}`,
        field: 'payment_method',
        sale: saleOf(price.category.kind, feeKobo),
      },
      (tx, reference) => createSubscription(tx, userId, body, price, { method: 'wallet', reference }),
    );
    const { deliveries } = subscriptionPrice(price, body);
    await mailWalletPaymentReceipt(ctx, userId, {
      reference: purchaseReference('subscription', subscription.id),
      at: subscription.createdAt,
      what: RECEIPT_WHAT.subscription(body.quantity, boughtName(price), deliveries),
      amountKobo: totalKobo,
      feeKobo,
    });
    return { created: true, subscription: toSubscription(subscription) };
  }
  const result = await completeCardPayment(ctx, subscriptionOrderPurpose, {
    userId,
    reference: body.transaction_id!,
    input: body,
  });
  const subscription = (await findSubscription(ctx.db, result.fulfilment.subscriptionId))!;
  return { created: result.created, subscription: toSubscription(subscription) };
}

/** Queues the receipt e-mail of a purchase paid from the wallet, after its commit. */
function mailWalletPaymentReceipt(
  ctx: AppContext,
  userId: number,
  receipt: { reference: string; at: Date; what: string; amountKobo: number; feeKobo: number },
) {
  return mailReceipt(ctx, {
    ...receipt,
    userId,
    kind: 'payment',
    paidWith: RECEIPT_PAID_WITH.wallet,
    status: RECEIPT_STATUSES.successful,
  });
}

/** The job that texts new orders' delivery codes: the delivery module runs it; checkout asks for it by name. */
export const DELIVERY_CODES_JOB = 'orders.delivery-codes';

/** Asks for the new order's code to be texted within seconds rather than on the next scheduled run. */
function textDeliveryCodeSoon(ctx: AppContext) {
  sendSoon(ctx.jobs, DELIVERY_CODES_JOB, (error) => {
    ctx.log.error({ err: error }, 'delivery code job not queued; the schedule will send it');
  });
}
