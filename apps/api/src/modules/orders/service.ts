import {
  deliverySlots,
  firstDeliveryDay,
  lagosClock,
  windowLabel,
  CYLINDER_TYPE_LABELS,
  gramsToKg,
  deliveriesFor,
  formatNaira,
  koboToNaira,
  ORDER_STATUS_LABELS,
  productOrderInput,
  subscriptionOrderInput,
  type CategoryKind,
  type Order,
  type OrderStatus,
  type PaymentPurpose,
  type ProductOrderInput,
  type ProductOrderStoreBody,
  type Subscription,
  type SubscriptionOrderInput,
  type SubscriptionOrderStoreBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import { addDaysTo, formatDate, lagosDay } from '@ruwa/contract/dates';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { markAddressUsed } from '../addresses/service';
import * as catalog from '../catalog/service';
import { audit, recordStatusChange, statusHistoryOf, SYSTEM, type Actor } from '../audit/service';
import { announcerOf, publish, publishOrderChange } from '../events/service';
import { getSettings } from '../settings/service';
import { notify } from '../notifications/service';
import {
  cardRefundOf,
  completeCardPayment,
  onCardRefundSettled,
  recordCardRefund,
  registerPurpose,
  requestCardRefund,
  type CardRefundSettler,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { getUser } from '../users/service';
import { sendSoon } from '../../platform/jobs/queue';
import { checkSentPin, credit, payFromWallet, requireWalletPin } from '../wallet/service';
import { ACCOUNTS, creditLines, post, salesAccountFor, type Split } from '../ledger/service';
import * as q from './queries';

export type { OrderRow } from './schema';
import { orders, subscriptions, type OrderRow, type SubscriptionRow } from './schema';
import { eq, or } from 'drizzle-orm';

type Paid = { method: 'card' | 'wallet'; reference: string };
/**
 * What the server charges for a purchase: the items at the location's price, the location's delivery
 * fee, and their sum. Both wallet and card checkout use it; a client's total is never read.
 */
type Quote = Awaited<ReturnType<typeof catalog.quote>> & {
  itemsKobo: number;
  feeKobo: number;
  /** items + delivery fee, for one delivery. */
  totalKobo: number;
  /** The recipient's phone: the one given at checkout, else the buyer's own. */
  recipientPhone: string;
  /** The booked window and its day (Lagos) where the area offers windows; else both null. */
  slot: { date: string; label: string } | null;
};

/**
 * The delivery window a purchase books, where its area offers windows: one-off orders name a day
 * (today until the window's cut-off, or tomorrow); a subscription's first delivery is the next one
 * still open, and the rest follow at its interval. Without a window the earliest open one is booked,
 * and a window without a day gets its next open run, so a client that knows nothing of windows still
 * gets the first delivery possible.
 */
function bookSlot(
  windows: Quote['location']['deliveryWindows'],
  input: ProductOrderInput,
  kind: 'order' | 'subscription',
  late: 'refuse' | 'next_day',
  now = new Date(),
): Quote['slot'] {
  if (!windows.length) return null;
  const names = windows.map((w) => w.name).join(', ');
  if (!input.delivery_window) {
    const earliest = deliverySlots(windows, now)[0]!;
    return { date: earliest.date, label: windowLabel(earliest.window) };
  }
  const window = windows.find((w) => w.name.toLowerCase() === input.delivery_window!.toLowerCase());
  if (!window) throw fieldError('delivery_window', `Choose one of the delivery windows offered here: ${names}.`);
  if (kind === 'subscription' || !input.delivery_date)
    return { date: firstDeliveryDay(window, now), label: windowLabel(window) };
  const { day } = lagosClock(now);
  if (input.delivery_date !== day && input.delivery_date !== addDaysTo(day, 1))
    throw fieldError('delivery_date', 'Deliveries can be booked for today or tomorrow (Lagos time).');
  const open = deliverySlots([window], now).some((slot) => slot.date === input.delivery_date);
  // A card already charged for today's run after its cut-off gets the next run rather than no order.
  if (!open && late === 'next_day') return { date: addDaysTo(day, 1), label: windowLabel(window) };
  if (!open)
    throw fieldError(
      'delivery_window',
      `Orders for today's ${window.name} delivery closed at ${window.cutoff}. Choose a later window or tomorrow.`,
    );
  return { date: input.delivery_date, label: windowLabel(window) };
}

/** Who is buying: the signed-in user as the request found them, or an id whose row is read when needed. */
export type Buyer = { id: number; phoneNumber: string };

async function priceOrder(
  db: DbOrTx,
  buyerOrId: Buyer | number,
  input: ProductOrderInput,
  kind: 'order' | 'subscription' = 'order',
  late: 'refuse' | 'next_day' = 'refuse',
): Promise<Quote> {
  const buyerPhone = async () =>
    typeof buyerOrId === 'number' ? (await getUser(db, buyerOrId))!.phoneNumber : buyerOrId.phoneNumber;
  const [items, recipientPhone] = await Promise.all([
    catalog.quote(db, input.product_id, input.location_id, input.quantity, {
      sizeKg: input.cylinder_size_kg,
      type: input.cylinder_type,
    }),
    // The order goes to the buyer's own number unless another is given.
    input.recipient_phone ?? buyerPhone(),
  ]);
  const { deliveryFeeKobo, minimumOrderKobo, name } = items.location;
  if (items.totalKobo < minimumOrderKobo) {
    throw fieldError(
      'quantity',
      `The minimum order in ${name} is ${formatNaira(koboToNaira(minimumOrderKobo))} (before delivery); this comes to ${formatNaira(koboToNaira(items.totalKobo))}.`,
    );
  }
  return {
    ...items,
    itemsKobo: items.totalKobo,
    feeKobo: deliveryFeeKobo,
    totalKobo: items.totalKobo + deliveryFeeKobo,
    recipientPhone,
    slot: bookSlot(items.location.deliveryWindows, input, kind, late),
  };
}

// Presenters

export function toOrder(
  row: OrderRow,
  locationName = '',
  history?: Awaited<ReturnType<typeof statusHistoryOf<OrderStatus>>>,
  /** True only when the order's own customer is reading: the delivery code is theirs alone. */
  forCustomer = false,
): Order {
  const paid = !['pending_payment', 'cancelled'].includes(row.status);
  return {
    id: row.id,
    status: row.status,
    product_id: row.productId,
    location_id: row.locationId,
    location_name: locationName,
    product_name: row.productName,
    // A snapshot of its category's kind, which the catalogue's check constraint limits to CATEGORY_KINDS.
    kind: row.categoryKind as CategoryKind,
    quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    order_sub_amount: koboToNaira(row.subAmountKobo),
    delivery_fee: koboToNaira(row.deliveryFeeKobo),
    order_amount: koboToNaira(row.amountKobo),
    recipient_address: row.recipientAddress,
    recipient_phone: row.recipientPhone,
    landmark: row.landmark,
    cylinder_size_kg: row.cylinderSizeGrams === null ? null : gramsToKg(row.cylinderSizeGrams),
    cylinder_type: row.cylinderType,
    delivery_window: row.deliveryWindow,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    subscription_id: row.subscriptionId,
    scheduled_for: row.scheduledFor,
    assigned_agent_id: row.assignedAgentId,
    order_paid: paid,
    order_payment_confirmed: paid,
    created_at: row.createdAt.toISOString(),
    ...(forCustomer ? { delivery_code: row.deliveryCode } : {}),
    ...(history
      ? {
          history: history.map((h) => ({
            status: h.toStatus,
            from_status: h.fromStatus,
            note: h.note,
            actor: h.actorRole,
            created_at: h.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

/**
 * `delivered`: deliveries that reached the customer. `deliveries_made` counts the delivery orders
 * created so far (the first one at payment), which schedules the next one and prices a cancel refund.
 */
export function toSubscription(row: SubscriptionRow, delivered = 0): Subscription {
  const next =
    row.status === 'active' && row.deliveriesMade < row.deliveriesCount
      ? addDaysTo(row.startsOn, row.deliveriesMade * row.deliveryIntervalDays)
      : null;
  return {
    id: row.id,
    status: row.status,
    product_id: row.productId,
    location_id: row.locationId,
    product_name: row.productName,
    quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    delivery_interval_days: row.deliveryIntervalDays,
    duration_in_days: row.durationInDays,
    deliveries: row.deliveriesCount,
    deliveries_made: row.deliveriesMade,
    deliveries_delivered: delivered,
    next_delivery_on: next,
    delivery_fee: koboToNaira(row.deliveryFeeKobo),
    order_amount: koboToNaira(row.amountKobo),
    refunded_amount: koboToNaira(row.refundedKobo),
    recipient_address: row.recipientAddress,
    recipient_phone: row.recipientPhone,
    landmark: row.landmark,
    delivery_window: row.deliveryWindow,
    cylinder_size_kg: row.cylinderSizeGrams === null ? null : gramsToKg(row.cylinderSizeGrams),
    cylinder_type: row.cylinderType,
    delivery_dates: Array.from({ length: row.deliveriesCount }, (_, i) =>
      addDaysTo(row.startsOn, i * row.deliveryIntervalDays),
    ),
    recipient_city: row.recipientCity,
    recipient_state: row.recipientState,
    recipient_country: row.recipientCountry,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    created_at: row.createdAt.toISOString(),
  };
}

async function withLocationNames(db: DbOrTx, rows: OrderRow[], forCustomer = false): Promise<Order[]> {
  const names = await catalog.locationNames(
    db,
    rows.map((r) => r.locationId),
  );
  return rows.map((row) => toOrder(row, names.get(row.locationId), undefined, forCustomer));
}

// Writes

export function recordTransition(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: Actor,
  note: string | null,
) {
  return recordStatusChange(tx, { entity: 'order', entityId: orderId, from, to, actor, note });
}

/** The product as bought: a gas cylinder's size and kind are part of what was bought. */
function boughtName(price: Quote) {
  if (!price.cylinder) return price.product.name;
  const kind = CYLINDER_TYPE_LABELS[price.cylinder.type].toLowerCase();
  return `${price.product.name} (${gramsToKg(price.cylinder.sizeGrams)} kg ${kind})`;
}

/** What an order or subscription keeps of the purchase and the catalogue at the time it was paid. */
function orderSnapshot(input: ProductOrderInput, price: Quote) {
  return {
    productId: input.product_id,
    locationId: input.location_id,
    productName: boughtName(price),
    categoryKind: price.category.kind,
    quantity: input.quantity,
    unitPriceKobo: price.unitKobo,
    recipientAddress: input.recipient_address,
    recipientPhone: price.recipientPhone,
    landmark: input.landmark ?? null,
  };
}

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

function subscriptionPrice(price: Quote, input: SubscriptionOrderInput) {
  const deliveries = deliveriesFor(input.duration_in_days, input.delivery_interval_days);
  return {
    deliveries,
    perDeliveryKobo: price.totalKobo,
    totalKobo: price.totalKobo * deliveries,
    feeKobo: price.feeKobo * deliveries,
  };
}

async function createSubscription(
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

/**
 * The delivery fees in an amount, credited to delivery fee revenue rather than to the sales of what
 * was delivered (and taken back from it by a refund).
 */
const deliveryFeeSplit = (feeKobo: number): Split | undefined =>
  feeKobo > 0 ? { account: ACCOUNTS.deliveryFees.code, amountKobo: feeKobo } : undefined;

/** What one delivery of a subscription costs: its items and its delivery fee. */
const perDeliveryKobo = (subscription: SubscriptionRow) =>
  subscription.unitPriceKobo * subscription.quantity + subscription.deliveryFeeKobo;

/** The next scheduled delivery of a subscription, as an order agents can fulfil. */
async function createDelivery(tx: Tx, subscription: SubscriptionRow) {
  const scheduledFor = addDaysTo(
    subscription.startsOn,
    subscription.deliveriesMade * subscription.deliveryIntervalDays,
  );
  const order = await q.insertOrder(tx, {
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

/**
 * A card purpose for something priced from the catalogue: the payment module verifies the payment
 * against `totalOf` and calls `create` inside the payment's transaction.
 */
function catalogPurpose<Input extends ProductOrderInput, Result extends Fulfilment>(
  name: PaymentPurpose,
  input: z.ZodType<Input>,
  totalOf: (price: Quote, input: Input) => { totalKobo: number; feeKobo: number },
  kind: 'order' | 'subscription',
  create: (tx: Tx, userId: number, input: Input, price: Quote, paid: Paid) => Promise<Result>,
): Purpose<Input, Result> {
  return {
    name,
    input,
    prepare: async (ctx, userId, parsed, stage) => {
      const price = await priceOrder(ctx.db, userId, parsed, kind, stage === 'paid' ? 'next_day' : 'refuse');
      const { totalKobo, feeKobo } = totalOf(price, parsed);
      return {
        amountKobo: totalKobo,
        creditAccount: salesAccountFor(price.category.kind),
        split: deliveryFeeSplit(feeKobo),
        fulfil: (tx, payment) => create(tx, userId, parsed, price, { method: 'card', reference: payment.reference }),
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
);

export function registerOrderPurposes() {
  registerPurpose(productOrderPurpose);
  registerPurpose(subscriptionOrderPurpose);
  onCardRefundSettled('order', settleOrderCardRefund);
}

/**
 * What createPaidOrder() writes for a card, for a wallet-paid order: the same order, history,
 * notification and live events, written in one statement with the debit (queries.placeWalletPaidOrder),
 * the events announced once it has committed.
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
      account: salesAccountFor(price.category.kind),
      split: deliveryFeeSplit(price.feeKobo),
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
        account: salesAccountFor(price.category.kind),
        split: deliveryFeeSplit(feeKobo),
      },
      (tx, reference) => createSubscription(tx, userId, body, price, { method: 'wallet', reference }),
    );
    return { created: true, subscription: toSubscription(subscription) };
  }
  const result = await completeCardPayment(ctx, subscriptionOrderPurpose, {
    userId,
    reference: body.transaction_id!,
    input: body,
  });
  const subscription = (await q.findSubscription(ctx.db, result.fulfilment.subscriptionId))!;
  return { created: result.created, subscription: toSubscription(subscription) };
}

/** The job that texts new orders' delivery codes: the delivery module runs it; checkout asks for it by name. */
export const DELIVERY_CODES_JOB = 'orders.delivery-codes';

/** Asks for the new order's code to be texted within seconds rather than on the next scheduled run. */
function textDeliveryCodeSoon(ctx: AppContext) {
  sendSoon(ctx.jobs, DELIVERY_CODES_JOB, (error) => {
    ctx.log.error({ err: error }, 'delivery code job not queued; the schedule will send it');
  });
}

/** How many undelivered orders each of these agents holds (the dispatch picker's "open load"). */
export const openLoadOf = q.openLoadOf;

// Cancellations

/** Statuses a customer may still cancel from: nobody has set off with the order yet. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['paid', 'assigned'];
/** An admin may cancel anything not yet delivered. */
const ADMIN_CANCELLABLE: readonly OrderStatus[] = ['paid', 'assigned', 'out_for_delivery'];

/**
 * The one place an order's refund is paid, so the money path can change in one spot: the order's
 * full amount back to the customer's wallet, once per order (the reference is the idempotency key),
 * its delivery fee taken back from delivery fee revenue and the rest recorded as a refund of sales.
 */
function refundOrderToWallet(tx: Tx, order: OrderRow) {
  return credit(tx, order.userId, {
    amountKobo: order.amountKobo,
    type: 'refund',
    reference: `order:${order.id}`,
    description: `Refund: ${order.productName}`,
    split: deliveryFeeSplit(order.deliveryFeeKobo),
  });
}

/**
 * Records a cancelled card-paid order's refund to the card, in the cancellation's transaction: the
 * refund row (one per order) and the journal that gives the sale back (the fee from delivery fee
 * revenue, the rest through Refunds) against Card refunds in transit, which Paystack's answer settles.
 */
async function startCardRefund(tx: Tx, order: OrderRow) {
  const row = await recordCardRefund(tx, {
    orderId: order.id,
    userId: order.userId,
    transactionReference: order.paymentReference!,
    amountKobo: order.amountKobo,
  });
  await post(tx, {
    kind: 'card_refund',
    reference: `order:${order.id}`,
    postings: [
      // creditLines answers the revenue side as credits; a refund debits it.
      ...creditLines(ACCOUNTS.refunds.code, order.amountKobo, deliveryFeeSplit(order.deliveryFeeKobo)).map((line) => ({
        ...line,
        amountKobo: -line.amountKobo,
      })),
      { account: ACCOUNTS.cardRefundsInTransit.code, amountKobo: -order.amountKobo },
    ],
  });
  return row;
}

/**
 * Paystack's answer on an order's card refund: the customer told it is on the card, or, when the
 * card refused it, credited to the wallet from Card refunds in transit under the order's own refund
 * reference, so an order is refunded to a wallet at most once, by either path.
 */
const settleOrderCardRefund: CardRefundSettler = async (tx, refund, outcome) => {
  const orderId = refund.orderId!;
  const order = await q.findOrder(tx, orderId);
  const amount = formatNaira(koboToNaira(refund.amountKobo));
  if (outcome === 'processed') {
    await notify(tx, refund.userId, {
      kind: 'order',
      title: `Order #${orderId}: refund on your card`,
      description: `${amount} for ${order?.productName ?? 'your order'} is back on your card.`,
    });
    return;
  }
  await credit(tx, refund.userId, {
    amountKobo: refund.amountKobo,
    type: 'refund',
    reference: `order:${orderId}`,
    description: `Refund: ${order?.productName ?? `order #${orderId}`} (your card could not take it)`,
    counterAccount: ACCOUNTS.cardRefundsInTransit.code,
  });
  await notify(tx, refund.userId, {
    kind: 'order',
    title: `Order #${orderId}: refund in your wallet`,
    description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet instead.`,
  });
};

/** Why a refund to a card is refused for an order not paid by card. */
const NOT_CARD_PAID: Record<string, string> = {
  wallet: 'Paid from the wallet: the refund goes back to the wallet.',
  subscription: 'Part of a subscription: the refund goes back to the wallet.',
};

/**
 * Cancels a paid order and gives the money back, in one transaction: the order is recorded as
 * cancelled (who, why) and then refunded, its customer and admins are told, and so is the agent
 * holding it. To the wallet, the money is there at once; to the card (card-paid orders only), the
 * refund is recorded here and Paystack is asked after the commit, its webhook settling it days later.
 * Asking again for an order already cancelled and refunded answers it unchanged (nothing is
 * refunded twice).
 */
export async function cancelOrder(
  ctx: AppContext,
  orderId: number,
  actor: Actor,
  input: { reason: string | null; refundTo: 'wallet' | 'card' },
): Promise<{ order: OrderRow; replayed: boolean; refundTo: 'wallet' | 'card' }> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await q.findOrder(tx, orderId, { forUpdate: true });
    if (!order || (actor.role === 'customer' && order.userId !== actor.id)) throw notFound('Order');
    const toCard = input.refundTo === 'card';
    if (toCard && (order.paymentMethod !== 'card' || !order.paymentReference))
      throw fieldError('refund_to', NOT_CARD_PAID[order.paymentMethod] ?? NOT_CARD_PAID.wallet!);
    if (order.status === 'refunded') {
      const earlier = await cardRefundOf(tx, order.id);
      return { order, replayed: true, refundTo: earlier ? ('card' as const) : ('wallet' as const), refundId: null };
    }
    const allowed = actor.role === 'admin' ? ADMIN_CANCELLABLE : CUSTOMER_CANCELLABLE;
    if (!allowed.includes(order.status)) {
      throw new AppError(
        'conflict',
        order.status === 'out_for_delivery'
          ? 'This order is already out for delivery, so it can no longer be cancelled here. Please contact support.'
          : `An order that is ${order.status.replaceAll('_', ' ')} cannot be cancelled.`,
      );
    }
    let cardRefundId: number | null = null;
    if (toCard) cardRefundId = (await startCardRefund(tx, order))?.id ?? null;
    else await refundOrderToWallet(tx, order);
    await q.updateOrderStatus(tx, order.id, 'refunded');
    const amount = formatNaira(koboToNaira(order.amountKobo));
    await recordStatusChange(
      tx,
      {
        entity: 'order',
        entityId: order.id,
        from: order.status,
        to: 'cancelled',
        actor,
        note: input.reason ?? 'Cancelled by the customer',
      },
      {
        entity: 'order',
        entityId: order.id,
        from: 'cancelled',
        to: 'refunded',
        actor: SYSTEM,
        note: toCard ? `${amount} back to the card (3–5 working days)` : `${amount} back to the wallet`,
      },
    );
    const refunded = { ...order, status: 'refunded' as const };
    await publishOrderChange(tx, refunded, order.status);
    if (actor.role === 'admin') {
      await audit(tx, {
        actorId: actor.id,
        action: 'order.cancel',
        entity: 'orders',
        entityId: order.id,
        before: { status: order.status },
        after: { status: 'refunded', reason: input.reason, refund_to: input.refundTo },
      });
    }
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS.cancelled}`,
      description: toCard
        ? `${amount} for ${order.quantity} x ${order.productName} goes back to your card in 3–5 working days.`
        : `${amount} for ${order.quantity} x ${order.productName} is back in your wallet.`,
    });
    return { order: refunded, replayed: false, refundTo: input.refundTo, refundId: cardRefundId };
  });
  if (result.refundId !== null) await requestCardRefund(ctx, result.refundId);
  return { order: result.order, replayed: result.replayed, refundTo: result.refundTo };
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
        split: deliveryFeeSplit(unused * subscription.deliveryFeeKobo),
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

/** How far back unaccepted orders are looked for: the events' retention, so none is alerted twice. */
const UNACCEPTED_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Alerts admins once about each paid order no agent has accepted within the settings' minutes
 * (again if it becomes paid again later). Part of a job that runs every minute; answers how many.
 */
export async function alertUnacceptedOrders(ctx: AppContext, now = new Date()): Promise<number> {
  const minutes = (await getSettings(ctx.db)).alerts.unaccepted_order_minutes;
  const late = await q.listUnacceptedOrders(ctx.db, {
    before: new Date(now.getTime() - minutes * 60_000),
    notBefore: new Date(now.getTime() - UNACCEPTED_LOOKBACK_MS),
  });
  return publish(
    ctx.db,
    late.map((order) => ({
      type: 'order.unaccepted' as const,
      payload: { id: order.id, location_id: order.locationId, minutes },
      to: { admins: true },
      dedupeKey: `order.unaccepted:${order.id}:${order.updatedAt.getTime()}`,
    })),
  );
}

// Reads

export async function listMyOrders(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await q.listUserOrders(db, userId, paging);
  return { rows: await withLocationNames(db, rows, true), total };
}

export async function listMySubscriptions(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await q.listSubscriptions(db, { ...paging, userId });
  const delivered = await q.deliveredCounts(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toSubscription(row, delivered.get(row.id))), total };
}

/** One order with its history; customers only ever see their own (404 otherwise). */
export async function getOrder(db: DbOrTx, id: number, viewer: { id: number; role: string }) {
  const order = await q.findOrder(db, id);
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw notFound('Order');
  const [names, history, cardRefund] = await Promise.all([
    catalog.locationNames(db, [order.locationId]),
    statusHistoryOf<OrderStatus>(db, 'order', order.id),
    order.paymentMethod === 'card' && order.status === 'refunded' ? cardRefundOf(db, order.id) : null,
  ]);
  const shown = toOrder(order, names.get(order.locationId), history, viewer.id === order.userId);
  return {
    order: cardRefund
      ? {
          ...shown,
          card_refund: {
            status: cardRefund.status === 'requested' ? ('pending' as const) : cardRefund.status,
            amount: koboToNaira(cardRefund.amountKobo),
          },
        }
      : shown,
    userId: order.userId,
    assignedAgentId: order.assignedAgentId,
  };
}

export async function listAllOrders(db: DbOrTx, filters: Parameters<typeof q.listOrders>[1]) {
  const { rows, total } = await q.listOrders(db, filters);
  return { rows: await withLocationNames(db, rows), total, userIds: rows.map((r) => r.userId) };
}

export async function listOpenOrdersFor(
  db: DbOrTx,
  area: { locationIds: number[]; kinds: string[]; agentUserId: number },
  paging: { limit: number; offset: number },
) {
  if (!area.locationIds.length || !area.kinds.length) return { rows: [] as Order[], total: 0 };
  const { rows, total } = await q.listOpenOrders(db, { ...area, ...paging });
  return { rows: await withLocationNames(db, rows), total };
}

export async function listAgentOrders(db: DbOrTx, agentId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await q.listOrders(db, { ...paging, assignedAgentId: agentId });
  return { rows: await withLocationNames(db, rows), total };
}

export const agentOrderStats = q.agentOrderStats;
export const deliveredCountOf = q.deliveredCountOf;

/** The undelivered orders an agent holds (at most `limit`), as admins read orders. */
export async function heldOrdersOf(db: DbOrTx, agentId: number, limit = 50): Promise<Order[]> {
  return withLocationNames(db, await q.heldOrdersOf(db, agentId, limit));
}
export const subscriptionRevenue = q.subscriptionRevenue;

/** Revenue and order counts for the admin dashboard, computed in SQL. */
export const orderStats = q.orderStats;

/**
 * The references the ledger files an order's or a subscription's money under: its payment reference
 * and its refund (`order:ID`, `subscription:ID`), found from either.
 */
export async function ledgerReferencesOf(db: DbOrTx, reference: string): Promise<string[]> {
  const id = (prefix: string) =>
    reference.startsWith(prefix) && /^\d{1,9}$/.test(reference.slice(prefix.length))
      ? Number(reference.slice(prefix.length))
      : -1;
  const [order] = await db
    .select({ id: orders.id, paymentReference: orders.paymentReference })
    .from(orders)
    .where(or(eq(orders.paymentReference, reference), eq(orders.id, id('order:'))))
    .limit(1);
  if (order) return [...(order.paymentReference ? [order.paymentReference] : []), `order:${order.id}`];
  const [subscription] = await db
    .select({ id: subscriptions.id, paymentReference: subscriptions.paymentReference })
    .from(subscriptions)
    .where(or(eq(subscriptions.paymentReference, reference), eq(subscriptions.id, id('subscription:'))))
    .limit(1);
  return subscription ? [subscription.paymentReference, `subscription:${subscription.id}`] : [];
}

// The order store: how the delivery module reads and changes order rows, the orders table being this module's.
export {
  claimForAgent,
  claimUnsentDeliveryCodes,
  DELIVERY_CODES_PER_CLAIM,
  findOrder,
  findOrders,
  listHeldOrders,
  releaseDeliveryCodes,
  updateOrder,
  updateOrderStatus,
  type DeliveryCodeToText,
} from './queries';
export { refundOrderToWallet };
