import { z } from 'zod';
import { emptyToUndefined, numberError, numeric } from './numbers';
import { CATEGORY_KINDS, CYLINDER_TYPES, cylinderSizeKg, idField } from './catalog';
import { normalizeNigerianPhone } from './phone';
import { walletPin } from './wallet';
import { paymentReference, requireCardReference } from './payment-reference';

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
  paid: ['assigned', 'out_for_delivery', 'cancelled', 'refunded'],
  assigned: ['paid', 'out_for_delivery', 'cancelled', 'refunded'],
  out_for_delivery: ['assigned', 'delivered', 'cancelled', 'refunded'],
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

/**
 * How many to buy. `unit` ends the range messages where the quantity is a measure (' kg' for gas by
 * the kilo), so that the checkout form can show them in the product's own terms.
 */
export const orderQuantity = (unit = '') =>
  numeric(
    z
      .number({ error: numberError('Enter a quantity.', 'The quantity must be a number.') })
      .min(1, `The quantity must be at least 1${unit}.`)
      .max(QUANTITY_MAX, {
        message: `The quantity may not be greater than ${QUANTITY_MAX.toLocaleString('en-US')}${unit}.`,
        abort: true,
      })
      .int('The quantity must be a whole number.'),
  );

const address = z
  .string({ error: 'Enter the delivery address.' })
  .trim()
  .min(1, { message: 'Enter the delivery address.', abort: true })
  .min(5, 'The address must be at least 5 characters.')
  .max(300, 'The address may not be longer than 300 characters.');

export const LANDMARK_MAX = 200;

/** Who the agent calls on arrival; left out, the server uses the buyer's own number. */
const recipientPhone = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const normalized = normalizeNigerianPhone(value);
      if (!normalized) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter the recipient phone as a Nigerian mobile number like 08031234567.',
        });
        return z.NEVER;
      }
      return normalized;
    })
    .optional(),
);

const landmark = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(LANDMARK_MAX, `The landmark may not be longer than ${LANDMARK_MAX} characters.`).optional(),
);

/** The purchase itself: what, where, how many. Prices always come from the server. */
export const productOrderInput = z.object({
  product_id: idField('product'),
  location_id: idField('location'),
  quantity: orderQuantity(),
  recipient_address: address,
  recipient_phone: recipientPhone,
  /** A landmark or note for the agent ("opposite the church, blue gate"). */
  landmark,
  /** Gas sold by cylinder: which size; `quantity` is then the number of cylinders. */
  cylinder_size_kg: z.preprocess(emptyToUndefined, cylinderSizeKg().optional()),
  cylinder_type: z.enum(CYLINDER_TYPES, { error: 'Choose a refill or a new cylinder.' }).optional(),
  /** Where the area offers delivery windows: which one (by name), and for orders which day. */
  delivery_window: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
  delivery_date: z.preprocess(emptyToUndefined, z.iso.date('Use a date like 2026-11-27.').optional()),
  /** The saved address this order goes to, if one was picked: it becomes the last used. */
  address_id: idField('address').optional(),
});

const DURATION_RANGE = `The duration must be between ${DURATION_MIN} and ${DURATION_MAX} days.`;

export const subscriptionOrderInput = productOrderInput.extend({
  duration_in_days: numeric(
    z
      .number({
        error: numberError('Enter how many days the subscription lasts.', 'The duration in days must be a number.'),
      })
      .min(DURATION_MIN, DURATION_RANGE)
      .max(DURATION_MAX, { message: DURATION_RANGE, abort: true })
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

/** A one-off order's own fields, as the API reads them. */
export type ProductOrderInput = z.output<typeof productOrderInput>;
/** A subscription's own fields, as the API reads them. */
export type SubscriptionOrderInput = z.output<typeof subscriptionOrderInput>;
/** A one-off order or a subscription's: a subscription adds how long and how often. */
export type PurchaseInput = ProductOrderInput &
  Partial<Pick<SubscriptionOrderInput, 'duration_in_days' | 'delivery_interval_days'>>;

/**
 * The order fields a customer types at checkout, with the API's rules; the quantity's messages in
 * the product's unit. The form adds what only it holds (which saved address, which delivery slot).
 */
export const checkoutOrderFields = (unit = '') =>
  subscriptionOrderInput
    .pick({
      recipient_address: true,
      recipient_phone: true,
      landmark: true,
      cylinder_type: true,
      duration_in_days: true,
      delivery_interval_days: true,
    })
    .extend({ quantity: orderQuantity(unit) });

/** How it is paid: a Paystack reference, or the wallet. */
const payment = {
  transaction_id: paymentReference('transaction_id').optional(),
  /** Needed with the wallet once the customer has set a wallet PIN. */
  pin: walletPin.optional(),
  payment_method: z.enum(PAYMENT_METHODS).default('card'),
};

export const productOrderStoreBody = productOrderInput.extend(payment).superRefine(requireCardReference);
export const subscriptionOrderStoreBody = subscriptionOrderInput.extend(payment).superRefine(requireCardReference);
/** POST product-order/store and subscription-order/store as the API reads them: the order and how it is paid. */
export type ProductOrderStoreBody = z.output<typeof productOrderStoreBody>;
export type SubscriptionOrderStoreBody = z.output<typeof subscriptionOrderStoreBody>;

/** Wrong delivery codes an order accepts before only an admin can confirm its delivery. */
export const DELIVERY_CODE_TRIES = 5;

/** What an agent sends to move an accepted order on; delivering needs the customer's code. */
export const agentOrderStatusBody = z.object({
  id: idField(),
  status: z.enum(['out_for_delivery', 'delivered'], { error: 'Choose out_for_delivery or delivered.' }),
  delivery_code: z.string().trim().max(10).optional(),
});

export const REFUND_TARGETS = ['wallet', 'card'] as const;
/** A customer cancels an order that is not yet out for delivery; the money goes back to `refund_to`. */
export const orderCancelBody = z.object({
  id: idField(),
  refund_to: z.enum(REFUND_TARGETS, { error: 'Choose wallet or card.' }).default('wallet'),
});

/** Why an admin does something the rules would otherwise refuse (written down, audited). */
export const adminReason = z
  .string({ error: 'Write the reason.' })
  .trim()
  .min(5, 'Write the reason (at least 5 characters).')
  .max(500, 'The reason may not be longer than 500 characters.');

export const orderAssignBody = z.object({ id: idField(), agent_id: idField('agent') });
export const orderReleaseBody = z.object({ id: idField(), reason: adminReason });

export type {
  AgentOrder,
  Order,
  OrderAgentContact,
  OrderCustomerContact,
  OrderHistoryEntry,
  Subscription,
} from './replies/orders';

/**
 * GET admin/orders filters (besides the page). A field left empty is no filter. The admin orders
 * screen checks its filter form with these before putting them in the address.
 */
export const adminOrderFilterFields = {
  status: z.preprocess(
    emptyToUndefined,
    z.enum(ORDER_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(CATEGORY_KINDS, { error: 'Choose a kind from the list.' }).optional()),
  location_id: z.preprocess(emptyToUndefined, idField('location').optional()),
  from: z.preprocess(emptyToUndefined, z.iso.date('Use a date like 2026-11-01.').optional()),
  to: z.preprocess(emptyToUndefined, z.iso.date('Use a date like 2026-11-30.').optional()),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  /** `true`: only deliveries locked by too many wrong codes, waiting for an admin. */
  locked: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'Use true or false.' }).optional()),
};
