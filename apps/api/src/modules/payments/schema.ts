import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema';
import { users } from '../users/schema';
import { vtuPurchases } from '../vtu/schema';
import type { Fulfilment } from './purposes';

/**
 * One row per provider reference. The unique reference is what makes a payment credit value at most
 * once: every completion path (client call, webhook, reconciliation) inserts or locks this row first.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull().default('paystack'),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the money buys: product_order, subscription_order, deposit, airtime, data. */
    purpose: text('purpose').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    /** initialized (popup opened) -> success, or failed / abandoned as the provider reports. */
    status: text('status', { enum: ['initialized', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('initialized'),
    /** The purchase as described when the payment started; the server reprices it, never trusts it. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** What the payment paid for once fulfilled, e.g. the paid order's id (set with status success). */
    fulfilment: jsonb('fulfilment').$type<Fulfilment>(),
    providerStatus: text('provider_status'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_unique').on(t.provider, t.reference),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_user_idx').on(t.userId),
  ],
);

/** Every webhook we accept, processed once: the unique key is the event and its reference. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('webhook_events_event_reference_unique').on(t.provider, t.event, t.reference),
    index('webhook_events_unprocessed_idx').on(t.processedAt, t.receivedAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Card-paid money on its way back to the card it came from: a cancelled order's, or a refused airtime
 * or data purchase's that the customer chose to take back from the wallet. Exactly one of `order_id`
 * and `vtu_purchase_id` is set, each unique, which is what stops a retry or a double click from
 * refunding one purchase twice. `requested` until Paystack has queued it (`provider_refund_id` is
 * then known), `pending` until its webhook says `processed`, or `failed`, when the money went to the
 * customer's wallet instead.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    vtuPurchaseId: integer('vtu_purchase_id').references(() => vtuPurchases.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The Paystack transaction refunded (the purchase's payment reference). */
    transactionReference: text('transaction_reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['requested', 'pending', 'processed', 'failed'] })
      .notNull()
      .default('requested'),
    providerRefundId: text('provider_refund_id'),
    /** When the last ask to Paystack was claimed; a claim older than a few minutes may be retried. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_refunds_order_unique').on(t.orderId),
    uniqueIndex('card_refunds_vtu_purchase_unique').on(t.vtuPurchaseId),
    uniqueIndex('card_refunds_provider_unique').on(t.providerRefundId),
    index('card_refunds_transaction_idx').on(t.transactionReference),
    index('card_refunds_open_idx').on(t.status),
    check('card_refunds_amount_positive', sql`${t.amountKobo} > 0`),
    check('card_refunds_one_subject', sql`num_nonnulls(${t.orderId}, ${t.vtuPurchaseId}) = 1`),
  ],
);

export type CardRefundRow = typeof cardRefunds.$inferSelect;
