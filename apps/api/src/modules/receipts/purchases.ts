import {
  formatNaira,
  groupToken,
  koboToNaira,
  NETWORK_LABELS,
  purchaseReference,
  type Bill,
  type Order,
  type Receipt,
  type ReceiptLine,
  type Subscription,
  type VtuPurchase,
} from '@ruwa/contract';
import { formatDate, formatDateTime } from '@ruwa/contract/dates';
import {
  CYLINDER_TEXT,
  deliveriesText,
  LABELS,
  METER_TYPE_TEXT,
  ORDER_STATUS_TEXT,
  PAYMENT_METHOD_TEXT,
  REFUNDED_TO_CARD,
  SUBSCRIPTION_STATUS_TEXT,
  TITLES,
  VTU_STATUS_TEXT,
} from './texts';

// A purchase's receipt: what was bought, for whom and where, from the purchase as its own module reads it.

const line = (label: string, value: string | null | undefined): ReceiptLine[] => (value ? [{ label, value }] : []);

const cylinder = (purchase: Pick<Order, 'cylinder_size_kg' | 'cylinder_type'>) =>
  purchase.cylinder_size_kg === null
    ? null
    : `${purchase.cylinder_size_kg} kg${purchase.cylinder_type ? `, ${CYLINDER_TEXT[purchase.cylinder_type]}` : ''}`;

const paidWith = (method: string, reference: string | null) => [
  ...line(LABELS.paidWith, PAYMENT_METHOD_TEXT[method as keyof typeof PAYMENT_METHOD_TEXT] ?? method),
  ...line(LABELS.paymentReference, reference),
];

const cardOrWallet = (method: string) => (method === 'card' || method === 'wallet' ? method : null);

export function orderReceipt(order: Order): Receipt {
  const reference = purchaseReference('order', order.id);
  const refundedToCard = order.status === 'refunded' && order.card_refund && order.card_refund.status !== 'failed';
  return {
    reference,
    kind: 'order',
    title: order.kind === 'gas' ? TITLES.gas_order : TITLES.water_order,
    created_at: order.created_at,
    date_time: formatDateTime(order.created_at),
    status: order.status,
    status_label: refundedToCard ? REFUNDED_TO_CARD : ORDER_STATUS_TEXT[order.status],
    amount: order.order_amount,
    fee: order.delivery_fee,
    payment_method: cardOrWallet(order.payment_method),
    direction: null,
    lines: [
      ...line(LABELS.product, order.product_name),
      ...line(LABELS.quantity, String(order.quantity)),
      ...line(LABELS.cylinder, cylinder(order)),
      ...line(LABELS.deliverTo, [order.recipient_address, order.location_name].filter(Boolean).join(', ')),
      ...line(LABELS.landmark, order.landmark),
      ...line(LABELS.recipientPhone, order.recipient_phone),
      ...line(
        LABELS.delivery,
        order.scheduled_for
          ? `${formatDate(order.scheduled_for)}${order.delivery_window ? `, ${order.delivery_window}` : ''}`
          : null,
      ),
      ...line(LABELS.items, formatNaira(order.order_sub_amount)),
      ...line(LABELS.deliveryFee, formatNaira(order.delivery_fee)),
      ...(order.subscription_id
        ? line(LABELS.purchase, purchaseReference('subscription', order.subscription_id))
        : paidWith(order.payment_method, order.transaction_id)),
    ],
    purchase_reference: null,
  };
}

export function subscriptionReceipt(subscription: Subscription, locationName: string): Receipt {
  const fee = Math.round(subscription.delivery_fee * subscription.deliveries * 100) / 100;
  return {
    reference: purchaseReference('subscription', subscription.id),
    kind: 'subscription',
    title: TITLES.subscription,
    created_at: subscription.created_at,
    date_time: formatDateTime(subscription.created_at),
    status: subscription.status,
    status_label: SUBSCRIPTION_STATUS_TEXT[subscription.status],
    amount: subscription.order_amount,
    fee,
    payment_method: subscription.payment_method,
    direction: null,
    lines: [
      ...line(LABELS.product, subscription.product_name),
      ...line(LABELS.quantity, String(subscription.quantity)),
      ...line(LABELS.cylinder, cylinder(subscription)),
      ...line(
        LABELS.deliveries,
        deliveriesText(subscription.deliveries_delivered, subscription.deliveries, subscription.delivery_interval_days),
      ),
      ...line(LABELS.period, `${formatDate(subscription.starts_on)} to ${formatDate(subscription.ends_on)}`),
      ...line(LABELS.deliverTo, [subscription.recipient_address, locationName].filter(Boolean).join(', ')),
      ...line(LABELS.landmark, subscription.landmark),
      ...line(LABELS.recipientPhone, subscription.recipient_phone),
      ...line(LABELS.deliveryFee, fee ? formatNaira(fee) : null),
      ...line(LABELS.refunded, subscription.refunded_amount ? formatNaira(subscription.refunded_amount) : null),
      ...paidWith(subscription.payment_method, subscription.transaction_id),
    ],
    purchase_reference: null,
  };
}

export function vtuReceipt(purchase: VtuPurchase): Receipt {
  const toCard = purchase.status === 'refunded' && purchase.card_refund && purchase.card_refund.status !== 'failed';
  return {
    reference: purchaseReference('vtu', purchase.id),
    kind: purchase.kind,
    title: purchase.kind === 'data' ? TITLES.data : TITLES.airtime,
    created_at: purchase.created_at,
    date_time: formatDateTime(purchase.created_at),
    status: purchase.status,
    status_label: toCard ? REFUNDED_TO_CARD : VTU_STATUS_TEXT[purchase.status],
    amount: purchase.amount,
    fee: 0,
    payment_method: purchase.payment_method,
    direction: null,
    lines: [
      ...line(LABELS.network, NETWORK_LABELS[purchase.network]),
      ...line(LABELS.phone, purchase.phone),
      ...line(LABELS.plan, purchase.bundle),
      ...paidWith(purchase.payment_method, purchase.transaction_id),
    ],
    purchase_reference: null,
  };
}

export function billReceipt(bill: Bill): Receipt {
  // A bill paid by card that the provider refused goes back to the card.
  const toCard = bill.status === 'refunded' && bill.payment_method === 'card';
  return {
    reference: bill.reference,
    kind: bill.category,
    title: TITLES.electricity,
    created_at: bill.created_at,
    date_time: formatDateTime(bill.created_at),
    status: bill.status,
    status_label: toCard ? REFUNDED_TO_CARD : VTU_STATUS_TEXT[bill.status],
    amount: koboToNaira(bill.amount_kobo),
    fee: 0,
    payment_method: bill.payment_method,
    direction: null,
    lines: [
      ...line(LABELS.biller, bill.service_name),
      ...line(LABELS.meter, bill.billers_code),
      ...line(LABELS.meterType, bill.meter_type ? METER_TYPE_TEXT[bill.meter_type] : null),
      ...line(LABELS.customerName, bill.customer_name),
      ...line(LABELS.address, bill.address),
      ...line(LABELS.token, bill.token ? groupToken(bill.token) : null),
      ...line(LABELS.units, bill.units),
      ...line(LABELS.phone, bill.phone),
      ...paidWith(bill.payment_method, null),
    ],
    purchase_reference: null,
  };
}
