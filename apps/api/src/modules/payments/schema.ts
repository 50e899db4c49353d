import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';
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
