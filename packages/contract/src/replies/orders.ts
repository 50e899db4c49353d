import { z } from 'zod';
import { CATEGORY_KINDS, CYLINDER_TYPES } from '../catalog';
import { ORDER_STATUSES, PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from '../orders';
import { userReply } from './auth';
import { day, naira, timestamp } from './http';

/** Who is delivering an order, as its customer sees them once it is assigned. */
export const orderAgentContactReply = z.object({
  id: z.number().int(),
  business_name: z.string(),
  first_name: z.string(),
  phone_number: z.string().nullable(),
});
export type OrderAgentContact = z.infer<typeof orderAgentContactReply>;

/** Who an order is for, as the agent holding it sees them. */
export const orderCustomerContactReply = z.object({
  first_name: z.string(),
  /** The number given for this delivery (the account's own when none was), local form. */
  phone_number: z.string(),
  address: z.string(),
  /** What helps find the door ("opposite the church, blue gate"). */
  landmark: z.string().nullable(),
});
export type OrderCustomerContact = z.infer<typeof orderCustomerContactReply>;

/** One move of an order's status, oldest first. */
export const orderHistoryEntryReply = z.object({
  status: z.enum(ORDER_STATUSES),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  note: z.string().nullable(),
  /** Who moved it: system, customer, admin or agent. */
  actor: z.string(),
  /** The agent's business name when an agent moved it (took, released, delivered it); null otherwise. */
  actor_name: z.string().nullable(),
  created_at: timestamp,
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntryReply>;

export const orderReply = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  product_id: z.number().int(),
  location_id: z.number().int(),
  location_name: z.string(),
  product_name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  quantity: z.number().int(),
  unit_price: naira,
  order_sub_amount: naira,
  /** Items (order_sub_amount) + delivery fee = order_amount. */
  delivery_fee: naira,
  order_amount: naira,
  recipient_address: z.string(),
  recipient_phone: z.string().nullable(),
  landmark: z.string().nullable(),
  cylinder_size_kg: z.number().nullable(),
  cylinder_type: z.enum(CYLINDER_TYPES).nullable(),
  /** The booked window, e.g. "Morning (08:00–12:00)", on the day `scheduled_for` (Lagos). */
  delivery_window: z.string().nullable(),
  payment_method: z.enum([...PAYMENT_METHODS, 'subscription']),
  transaction_id: z.string().nullable(),
  subscription_id: z.number().int().nullable(),
  scheduled_for: day.nullable(),
  /** The agent record holding the order (null while it is open). */
  assigned_agent_id: z.number().int().nullable(),
  /** Too many wrong delivery codes were typed: only an admin can confirm the delivery now. */
  delivery_locked: z.boolean(),
  order_paid: z.boolean(),
  order_payment_confirmed: z.boolean(),
  created_at: timestamp,
  /** Only where one order is read (show, and the answers to moving it). */
  history: z.array(orderHistoryEntryReply).optional(),
  /** The agent holding the order (id and name for admins; contact details for its customer). */
  agent: orderAgentContactReply.nullable().optional(),
  /**
   * Only where one order is read, when it was refunded to its card: pending until Paystack says how
   * it ended; failed means the money went to the wallet instead.
   */
  card_refund: z.object({ status: z.enum(['pending', 'processed', 'failed']), amount: naira }).optional(),
  /** Only for the customer who placed the order. */
  delivery_code: z.string().optional(),
  /** Only for the agent holding the order. */
  customer_contact: orderCustomerContactReply.optional(),
});
export type Order = z.infer<typeof orderReply>;

/** An order as the admin list answers it: with who bought it (null if the account is gone). */
export const adminOrderReply = orderReply.extend({
  customer: z
    .object({
      id: z.number().int(),
      /** First and last name. */
      name: z.string(),
      email: z.string(),
      phone_number: z.string(),
    })
    .nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderReply>;

/**
 * An order as an agent reads it. Where to and whom to call belong to the agent holding it; an open
 * order (or one they no longer hold) shows its area only: address, phone and landmark are null.
 */
export const agentOrderReply = orderReply.extend({
  recipient_address: z.string().nullable(),
});
export type AgentOrder = z.infer<typeof agentOrderReply>;

/** One order as admin/orders/show answers it: with its history and the customer's account. */
export const adminOrderDetailReply = orderReply.extend({
  /** The account as users/me shows it (without its agent record or referral rewards: null and 0). */
  customer: userReply,
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailReply>;

/** An approved agent who delivers an order's kind in its location, with how many orders they hold. */
export const dispatchAgentReply = z.object({
  id: z.number().int(),
  business_name: z.string(),
  location_name: z.string(),
  open_orders: z.number().int(),
});
export type DispatchAgent = z.infer<typeof dispatchAgentReply>;

export const subscriptionReply = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  product_id: z.number().int(),
  location_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: naira,
  delivery_interval_days: z.number().int(),
  duration_in_days: z.number().int(),
  deliveries: z.number().int(),
  /** Delivery orders created so far (the first at payment); they schedule the next one. */
  deliveries_made: z.number().int(),
  /** Deliveries that reached the customer: what "Deliveries made" shows. */
  deliveries_delivered: z.number().int(),
  next_delivery_on: day.nullable(),
  /** Charged with every delivery; order_amount = (items + delivery_fee) x deliveries. */
  delivery_fee: naira,
  order_amount: naira,
  refunded_amount: naira,
  recipient_address: z.string(),
  recipient_phone: z.string().nullable(),
  landmark: z.string().nullable(),
  delivery_window: z.string().nullable(),
  /** Gas by cylinder: the size and kind every delivery brings (null for anything else). */
  cylinder_size_kg: z.number().nullable(),
  cylinder_type: z.enum(CYLINDER_TYPES).nullable(),
  /** Every delivery's day (YYYY-MM-DD, Lagos), first to last. */
  delivery_dates: z.array(day),
  recipient_city: z.string(),
  recipient_state: z.string(),
  recipient_country: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  transaction_id: z.string().nullable(),
  starts_on: day,
  ends_on: day,
  created_at: timestamp,
});
export type Subscription = z.infer<typeof subscriptionReply>;
