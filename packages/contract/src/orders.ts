import { z } from 'zod';
import { numeric } from './numbers';
import { idField } from './catalog';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'assigned',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  assigned: 'Assigned to an agent',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The order lifecycle (DESIGN section 5). Anything not listed is an illegal transition (409). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['assigned', 'out_for_delivery', 'refunded'],
  assigned: ['paid', 'out_for_delivery', 'refunded'],
  out_for_delivery: ['assigned', 'delivered', 'refunded'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const DELIVERY_INTERVALS = [1, 3, 7, 14] as const;
export const DEFAULT_DELIVERY_INTERVAL = 7;
export const QUANTITY_MAX = 1000;
export const DURATION_MIN = 7;
export const DURATION_MAX = 365;

/** A subscription delivers `quantity` every `interval` days for `duration` days. */
export function deliveriesFor(durationInDays: number, intervalDays: number): number {
  return Math.ceil(durationInDays / intervalDays);
}

export const PAYMENT_METHODS = ['card', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const quantity = numeric(
  z
    .number({ error: 'The quantity must be a number.' })
    .min(1, 'The quantity must be at least 1.')
    .max(QUANTITY_MAX, { message: `The quantity may not be greater than ${QUANTITY_MAX}.`, abort: true })
    .int('The quantity must be a whole number.'),
);

const address = z
  .string({ error: 'The recipient address field is required.' })
  .trim()
  .min(5, 'The recipient address must be at least 5 characters.')
  .max(300, 'The recipient address may not be longer than 300 characters.');

/** The purchase itself: what, where, how many. Prices always come from the server. */
export const productOrderInput = z.object({
  product_id: idField('product'),
  location_id: idField('location'),
  quantity,
  recipient_address: address,
});

export const subscriptionOrderInput = productOrderInput.extend({
  duration_in_days: numeric(
    z
      .number({ error: 'The duration in days must be a number.' })
      .min(DURATION_MIN, `The duration must be at least ${DURATION_MIN} days.`)
      .max(DURATION_MAX, { message: `The duration may not be more than ${DURATION_MAX} days.`, abort: true })
      .int('The duration in days must be a whole number.'),
  ),
  delivery_interval_days: numeric(
    z
      .number()
      .refine((n) => (DELIVERY_INTERVALS as readonly number[]).includes(n), 'Deliver every 1, 3, 7 or 14 days.'),
  ).default(DEFAULT_DELIVERY_INTERVAL),
  // The spec fixes these for subscriptions.
  recipient_city: z.literal('lekki', { error: 'The recipient city must be lekki.' }).default('lekki'),
  recipient_state: z.literal('lagos', { error: 'The recipient state must be lagos.' }).default('lagos'),
  recipient_country: z.literal('nigeria', { error: 'The recipient country must be nigeria.' }).default('nigeria'),
});

/** How it is paid: a Paystack reference, or the wallet. */
const payment = {
  transaction_id: z.string().trim().min(1).max(100).optional(),
  payment_method: z.enum(PAYMENT_METHODS).default('card'),
};

const requireReference = <T extends { transaction_id?: string; payment_method: PaymentMethod }>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if (body.payment_method === 'card' && !body.transaction_id) {
    ctx.addIssue({
      code: 'custom',
      path: ['transaction_id'],
      message: 'The transaction id field is required for card payments.',
    });
  }
};

export const productOrderStoreBody = productOrderInput.extend(payment).superRefine(requireReference);
export const subscriptionOrderStoreBody = subscriptionOrderInput.extend(payment).superRefine(requireReference);

export type OrderHistoryEntry = {
  status: OrderStatus;
  from_status: OrderStatus | null;
  note: string | null;
  actor: string;
  created_at: string;
};

export type Order = {
  id: number;
  status: OrderStatus;
  product_id: number;
  location_id: number;
  location_name: string;
  product_name: string;
  kind: string;
  quantity: number;
  unit_price: number;
  order_sub_amount: number;
  order_amount: number;
  recipient_address: string;
  payment_method: PaymentMethod | 'subscription';
  transaction_id: string | null;
  subscription_id: number | null;
  scheduled_for: string | null;
  order_paid: boolean;
  order_payment_confirmed: boolean;
  created_at: string;
  history?: OrderHistoryEntry[];
};

export type Subscription = {
  id: number;
  status: SubscriptionStatus;
  product_id: number;
  location_id: number;
  product_name: string;
  quantity: number;
  unit_price: number;
  delivery_interval_days: number;
  duration_in_days: number;
  deliveries: number;
  /** Delivery orders created so far (the first at payment); they schedule the next one. */
  deliveries_made: number;
  /** Deliveries that reached the customer: what "Deliveries made" shows. */
  deliveries_delivered: number;
  next_delivery_on: string | null;
  order_amount: number;
  refunded_amount: number;
  recipient_address: string;
  recipient_city: string;
  recipient_state: string;
  recipient_country: string;
  payment_method: PaymentMethod;
  transaction_id: string | null;
  starts_on: string;
  ends_on: string;
  created_at: string;
};
