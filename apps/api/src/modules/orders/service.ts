import {
  canTransition,
  deliveriesFor,
  formatNaira,
  koboToNaira,
  ORDER_STATUS_LABELS,
  productOrderInput,
  subscriptionOrderInput,
  type Order,
  type OrderStatus,
  type PaymentPurpose,
  type productOrderStoreBody,
  type Subscription,
  type subscriptionOrderStoreBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import { formatDate } from '@ruwa/contract/dates';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import * as catalog from '../catalog/service';
import { audit, recordStatusChange, statusHistoryOf, SYSTEM, type Actor } from '../audit/service';
import { publish, publishOrderChange } from '../events/service';
import { getSettings } from '../settings/service';
import { notify } from '../notifications/service';
import { completeCardPayment, registerPurpose, type Fulfilment, type Purpose } from '../payments/service';
import { credit, payFromWallet } from '../wallet/service';
import * as q from './queries';

export type { OrderRow } from './schema';
import type { OrderRow, SubscriptionRow } from './schema';

type ProductOrderInput = z.output<typeof productOrderInput>;
type SubscriptionInput = z.output<typeof subscriptionOrderInput>;
type Paid = { method: 'card' | 'wallet'; reference: string };
type Quote = Awaited<ReturnType<typeof catalog.quote>>;

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// Presenters

export function toOrder(
  row: OrderRow,
  locationName = '',
  history?: Awaited<ReturnType<typeof statusHistoryOf<OrderStatus>>>,
): Order {
  const paid = !['pending_payment', 'cancelled'].includes(row.status);
  return {
    id: row.id,
    status: row.status,
    product_id: row.productId,
    location_id: row.locationId,
    location_name: locationName,
    product_name: row.productName,
    kind: row.categoryKind,
    quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    order_sub_amount: koboToNaira(row.subAmountKobo),
    order_amount: koboToNaira(row.amountKobo),
    recipient_address: row.recipientAddress,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    subscription_id: row.subscriptionId,
    scheduled_for: row.scheduledFor,
    order_paid: paid,
    order_payment_confirmed: paid,
    created_at: row.createdAt.toISOString(),
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
      ? addDays(row.startsOn, row.deliveriesMade * row.deliveryIntervalDays)
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
    order_amount: koboToNaira(row.amountKobo),
    refunded_amount: koboToNaira(row.refundedKobo),
    recipient_address: row.recipientAddress,
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

async function withLocationNames(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const names = await catalog.locationNames(
    db,
    rows.map((r) => r.locationId),
  );
  return rows.map((row) => toOrder(row, names.get(row.locationId)));
}

// Writes

function recordTransition(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: Actor,
  note: string | null,
) {
  return recordStatusChange(tx, { entity: 'order', entityId: orderId, from, to, actor, note });
}

/** What an order or subscription keeps of the purchase and the catalogue at the time it was paid. */
function orderSnapshot(input: ProductOrderInput, price: Quote) {
  return {
    productId: input.product_id,
    locationId: input.location_id,
    productName: price.product.name,
    categoryKind: price.category.kind,
    quantity: input.quantity,
    unitPriceKobo: price.unitKobo,
    recipientAddress: input.recipient_address,
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
    subAmountKobo: price.totalKobo,
    amountKobo: price.totalKobo,
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

function subscriptionPrice(price: Quote, input: SubscriptionInput) {
  const deliveries = deliveriesFor(input.duration_in_days, input.delivery_interval_days);
  return { deliveries, perDeliveryKobo: price.totalKobo, totalKobo: price.totalKobo * deliveries };
}

async function createSubscription(
  tx: Tx,
  userId: number,
  input: SubscriptionInput,
  price: Quote,
  paid: Paid,
): Promise<SubscriptionRow> {
  const { deliveries, totalKobo } = subscriptionPrice(price, input);
  const startsOn = today();
  const subscription = await q.insertSubscription(tx, {
    userId,
    ...orderSnapshot(input, price),
    deliveryIntervalDays: input.delivery_interval_days,
    durationInDays: input.duration_in_days,
    deliveriesCount: deliveries,
    amountKobo: totalKobo,
    recipientCity: input.recipient_city,
    recipientState: input.recipient_state,
    recipientCountry: input.recipient_country,
    paymentMethod: paid.method,
    paymentReference: paid.reference,
    startsOn,
    endsOn: addDays(startsOn, input.duration_in_days),
  });
  await notify(tx, userId, {
    kind: 'payment',
    title: 'Subscription started',
    description: `${formatNaira(koboToNaira(totalKobo))} paid: ${deliveries} deliveries of ${input.quantity} x ${price.product.name}, every ${input.delivery_interval_days} days.`,
  });
  await createDelivery(tx, subscription);
  return (await q.findSubscription(tx, subscription.id))!;
}

/** The next scheduled delivery of a subscription, as an order agents can fulfil. */
async function createDelivery(tx: Tx, subscription: SubscriptionRow) {
  const scheduledFor = addDays(subscription.startsOn, subscription.deliveriesMade * subscription.deliveryIntervalDays);
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
    amountKobo: subscription.unitPriceKobo * subscription.quantity,
    recipientAddress: subscription.recipientAddress,
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
  totalOf: (price: Quote, input: Input) => number,
  create: (tx: Tx, userId: number, input: Input, price: Quote, paid: Paid) => Promise<Result>,
): Purpose<Input, Result> {
  return {
    name,
    input,
    prepare: async (ctx, userId, parsed) => {
      const price = await catalog.quote(ctx.db, parsed.product_id, parsed.location_id, parsed.quantity);
      return {
        amountKobo: totalOf(price, parsed),
        fulfil: (tx, payment) => create(tx, userId, parsed, price, { method: 'card', reference: payment.reference }),
      };
    },
  };
}

const productOrderPurpose = catalogPurpose(
  'product_order',
  productOrderInput,
  (price) => price.totalKobo,
  async (tx, userId, input, price, paid) => ({
    kind: 'order' as const,
    orderId: (await createPaidOrder(tx, userId, input, price, paid)).id,
  }),
);

const subscriptionOrderPurpose = catalogPurpose(
  'subscription_order',
  subscriptionOrderInput,
  (price, input) => subscriptionPrice(price, input).totalKobo,
  async (tx, userId, input, price, paid) => ({
    kind: 'subscription' as const,
    subscriptionId: (await createSubscription(tx, userId, input, price, paid)).id,
  }),
);

export function registerOrderPurposes() {
  registerPurpose(productOrderPurpose);
  registerPurpose(subscriptionOrderPurpose);
}

/**
 * What createPaidOrder() writes for a card, for a wallet-paid order: the same order, history,
 * notification and live events, written in one statement with the debit (queries.placeWalletPaidOrder).
 */
async function placeWalletPaidOrder(db: DbOrTx, userId: number, input: ProductOrderInput, price: Quote) {
  return q.placeWalletPaidOrder(
    db,
    userId,
    {
      amountKobo: price.totalKobo,
      description: `${input.quantity} x ${price.product.name}`,
      field: 'payment_method',
    },
    {
      ...orderSnapshot(input, price),
      locationName: price.location.name,
      ...paymentNotice(price.totalKobo, input.quantity, price.product.name),
    } satisfies q.WalletPaidOrder,
  );
}

export async function storeProductOrder(ctx: AppContext, userId: number, body: z.output<typeof productOrderStoreBody>) {
  if (body.payment_method === 'wallet') {
    const price = await catalog.quote(ctx.db, body.product_id, body.location_id, body.quantity);
    const order = await placeWalletPaidOrder(ctx.db, userId, body, price);
    return { created: true, order: toOrder(order, price.location.name) };
  }
  const result = await completeCardPayment(ctx, productOrderPurpose, {
    userId,
    reference: body.transaction_id!,
    input: body,
  });
  const order = (await q.findOrder(ctx.db, result.fulfilment.orderId))!;
  return { created: result.created, order: (await withLocationNames(ctx.db, [order]))[0]! };
}

export async function storeSubscriptionOrder(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof subscriptionOrderStoreBody>,
) {
  if (body.payment_method === 'wallet') {
    const price = await catalog.quote(ctx.db, body.product_id, body.location_id, body.quantity);
    const subscription = await payFromWallet(
      ctx.db,
      userId,
      {
        amountKobo: subscriptionPrice(price, body).totalKobo,
        description: `Subscription: ${price.product.name}`,
        field: 'payment_method',
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

/**
 * Moves an order along its lifecycle. Illegal moves are 409; a refund credits the wallet once.
 * Every move is recorded with its time and actor.
 */
export async function changeOrderStatus(
  ctx: AppContext,
  orderId: number,
  to: OrderStatus,
  actor: Actor,
  note: string | null = null,
  options: {
    /** Refuses the move unless the order is assigned to this agent (404, so others learn nothing). */
    assignedAgentId?: number;
    /** More work in the same transaction once the move is made (e.g. an agent's commission). */
    within?: (tx: Tx, order: OrderRow) => Promise<void>;
  } = {},
) {
  return ctx.db.transaction(async (tx) => {
    const order = await q.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw notFound('Order');
    if (options.assignedAgentId !== undefined && order.assignedAgentId !== options.assignedAgentId)
      throw notFound('Order');
    if (!canTransition(order.status, to)) {
      throw new AppError(
        'conflict',
        `An order that is ${order.status.replaceAll('_', ' ')} cannot become ${to.replaceAll('_', ' ')}.`,
      );
    }
    if (to === 'refunded') {
      await credit(tx, order.userId, {
        amountKobo: order.amountKobo,
        type: 'refund',
        reference: `order:${order.id}`,
        description: `Refund: ${order.productName}`,
      });
    }
    await q.updateOrderStatus(tx, order.id, to, to === 'paid' ? { assignedAgentId: null } : {});
    await recordTransition(tx, order.id, order.status, to, actor, note);
    await publishOrderChange(tx, { ...order, status: to }, order.status);
    await options.within?.(tx, { ...order, status: to });
    if (actor.role === 'admin') {
      await audit(tx, {
        actorId: actor.id,
        action: 'order.update_status',
        entity: 'orders',
        entityId: order.id,
        before: { status: order.status },
        after: { status: to, note },
      });
    }
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS[to]}`,
      description:
        to === 'refunded'
          ? `${formatNaira(koboToNaira(order.amountKobo))} for ${order.productName} is back in your wallet.`
          : `${order.quantity} x ${order.productName} is now ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    });
    return { ...order, status: to };
  });
}

/** Cancels a subscription; deliveries not yet made are refunded to the wallet. */
export async function cancelSubscription(ctx: AppContext, userId: number, id: number) {
  return ctx.db.transaction(async (tx) => {
    const subscription = await q.findSubscription(tx, id, { forUpdate: true });
    if (!subscription || subscription.userId !== userId) throw notFound('Subscription');
    if (subscription.status !== 'active')
      throw new AppError('conflict', `This subscription is already ${subscription.status}.`);
    const unused = subscription.deliveriesCount - subscription.deliveriesMade;
    const refundKobo = unused * subscription.unitPriceKobo * subscription.quantity;
    if (refundKobo > 0) {
      await credit(tx, userId, {
        amountKobo: refundKobo,
        type: 'refund',
        reference: `subscription:${subscription.id}`,
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
export async function scheduleDueDeliveries(ctx: AppContext, on = today()): Promise<number> {
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
      if (addDays(subscription.startsOn, subscription.deliveriesMade * subscription.deliveryIntervalDays) > on)
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
export async function completeEndedSubscriptions(ctx: AppContext, on = today()): Promise<number> {
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
  return { rows: await withLocationNames(db, rows), total };
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
  const [names, history] = await Promise.all([
    catalog.locationNames(db, [order.locationId]),
    statusHistoryOf<OrderStatus>(db, 'order', order.id),
  ]);
  return { order: toOrder(order, names.get(order.locationId), history), userId: order.userId };
}

export async function listAllOrders(db: DbOrTx, filters: Parameters<typeof q.listOrders>[1]) {
  const { rows, total } = await q.listOrders(db, filters);
  return { rows: await withLocationNames(db, rows), total, userIds: rows.map((r) => r.userId) };
}

/**
 * Gives a paid order to an agent: the conditional update means the first agent wins and a second
 * gets 409, however close together they press Accept.
 */
export async function assignToAgent(
  ctx: AppContext,
  orderId: number,
  agent: { id: number; userId: number; locationId: number | null; kinds: string[] },
) {
  return ctx.db.transaction(async (tx) => {
    const order = await q.findOrder(tx, orderId);
    if (!order || order.locationId !== agent.locationId || !agent.kinds.includes(order.categoryKind))
      throw notFound('Order');
    const taken = await q.claimForAgent(tx, orderId, agent.id);
    if (!taken) throw new AppError('conflict', 'Another agent has already accepted this order.');
    await recordTransition(tx, order.id, 'paid', 'assigned', { id: agent.userId, role: 'agent' }, null);
    await publishOrderChange(tx, taken, 'paid');
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS.assigned}`,
      description: `An agent has accepted your ${order.productName} order.`,
    });
    return taken;
  });
}

export async function listOpenOrdersFor(
  db: DbOrTx,
  area: { locationId: number | null; kinds: string[] },
  paging: { limit: number; offset: number },
) {
  if (!area.locationId || !area.kinds.length) return { rows: [] as Order[], total: 0 };
  const { rows, total } = await q.listOpenOrders(db, { locationId: area.locationId, kinds: area.kinds, ...paging });
  return { rows: await withLocationNames(db, rows), total };
}

export async function listAgentOrders(db: DbOrTx, agentId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await q.listOrders(db, { ...paging, assignedAgentId: agentId });
  return { rows: await withLocationNames(db, rows), total };
}

export const agentOrderStats = q.agentOrderStats;
export const subscriptionRevenue = q.subscriptionRevenue;

/** Revenue and order counts for the admin dashboard, computed in SQL. */
export const orderStats = q.orderStats;
