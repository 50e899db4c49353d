import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, products } from '../catalog/schema';
import { users } from '../users/schema';

const ORDER_STATUS = [
  'pending_payment',
  'paid',
  'assigned',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    categoryKind: text('category_kind').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    deliveryIntervalDays: integer('delivery_interval_days').notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    deliveriesCount: integer('deliveries_count').notNull(),
    deliveriesMade: integer('deliveries_made').notNull().default(0),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    recipientAddress: text('recipient_address').notNull(),
    recipientPhone: text('recipient_phone'),
    landmark: text('landmark'),
    /** Charged on every delivery, on top of the items. */
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull().default(0),
    /** Every delivery comes in this window. */
    deliveryWindow: text('delivery_window'),
    /** Gas sold by cylinder: every delivery brings this size (grams) and kind, at the price paid. */
    cylinderSizeGrams: integer('cylinder_size_grams'),
    cylinderType: text('cylinder_type', { enum: ['refill', 'new'] }),
    recipientCity: text('recipient_city').notNull(),
    recipientState: text('recipient_state').notNull(),
    recipientCountry: text('recipient_country').notNull(),
    status: text('status', { enum: ['active', 'cancelled', 'completed'] })
      .notNull()
      .default('active'),
    paymentMethod: text('payment_method', { enum: ['card', 'wallet'] }).notNull(),
    paymentReference: text('payment_reference').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_payment_reference_unique').on(t.paymentReference),
    index('subscriptions_user_idx').on(t.userId, t.id),
    index('subscriptions_active_idx').on(t.status),
    check('subscriptions_amount_positive', sql`${t.amountKobo} > 0`),
    check('subscriptions_deliveries_made_bounds', sql`${t.deliveriesMade} between 0 and ${t.deliveriesCount}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /** Snapshots: what was bought stays true even if the catalogue changes later. */
    productName: text('product_name').notNull(),
    categoryKind: text('category_kind').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    subAmountKobo: bigint('sub_amount_kobo', { mode: 'number' }).notNull(),
    /** What was paid for delivery, inside amountKobo (items = subAmountKobo, amount = items + fee). */
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull().default(0),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    recipientAddress: text('recipient_address').notNull(),
    /** Who receives it: the buyer's own number unless another was given at checkout. */
    recipientPhone: text('recipient_phone'),
    landmark: text('landmark'),
    /** Gas sold by cylinder: the size (grams) and whether it was a refill or a new cylinder. */
    cylinderSizeGrams: integer('cylinder_size_grams'),
    cylinderType: text('cylinder_type', { enum: ['refill', 'new'] }),
    /** The window booked on `scheduled_for`, as it read then: "Morning (08:00–12:00)". */
    deliveryWindow: text('delivery_window'),
    status: text('status', { enum: ORDER_STATUS }).notNull(),
    paymentMethod: text('payment_method', { enum: ['card', 'wallet', 'subscription'] }).notNull(),
    /** One order per payment: the unique index is what makes a replay return the same order. */
    paymentReference: text('payment_reference'),
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    assignedAgentId: integer('assigned_agent_id'),
    /**
     * Proof of delivery: four digits the customer gives the agent at the door. Drawn by the database
     * from gen_random_uuid() (a strong random source) so every way an order is written gets one,
     * including the one-statement wallet order. Kept readable: the customer is shown it again.
     */
    deliveryCode: text('delivery_code')
      .notNull()
      .default(
        sql`lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 7))::bit(28)::int) % 10000)::text, 4, '0')`,
      ),
    /** Wrong codes typed so far; at DELIVERY_CODE_TRIES only an admin can confirm the delivery. */
    deliveryCodeAttempts: integer('delivery_code_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_reference_unique').on(t.paymentReference),
    uniqueIndex('orders_subscription_delivery_unique').on(t.subscriptionId, t.scheduledFor),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // Dashboard ranges scan by creation time across all statuses; the other columns let that scan
    // read the index alone (docs/decisions/005).
    index('orders_created_stats_idx').on(t.createdAt, t.categoryKind, t.status, t.paymentMethod, t.amountKobo),
    index('orders_location_status_idx').on(t.locationId, t.status),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The orders whose delivery code is still to be texted: recording an order as paid queues it in the
 * same statement or transaction (queries.ts `insertOrder` and the one-statement wallet order), and
 * the delivery-code job claims by deleting rows (a failed send puts its row back). A row here is the
 * only record of a code still to text: rows of their own rather than a search of the day's orders
 * for unsent codes, which read every order of the day on each claim, and no mark on the order, which
 * rewrote the order's row for every text.
 */
export const deliveryCodesDue = pgTable('delivery_codes_due', {
  orderId: integer('order_id').primaryKey(),
});

export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
