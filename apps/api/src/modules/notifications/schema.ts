import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened, for filtering: order, payment, wallet, vtu, reward, raffle, agent. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * The receipt e-mails sent for money movements, one row per (customer, kind, reference): the row is
 * claimed before the mail goes, so a replayed webhook or a job run twice mails a movement once.
 */
export const receiptMails = pgTable(
  'receipt_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** payment, deposit, transfer_in, withdrawal, withdrawal_settled, withdrawal_failed or refund. */
    kind: text('kind').notNull(),
    /** The reference the receipt shows: ORD-n, SUB-n, VTU-n for purchases, the TX_ id of a wallet movement. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('receipt_mails_user_kind_reference_unique').on(t.userId, t.kind, t.reference)],
);

/**
 * Receipt e-mails waiting to be sent, each row one receipt as the job reads it. A movement queues
 * its receipt here, in the wallet order's own statement or after its commit, and the job claims the
 * oldest rows by deleting them: one insert per movement instead of a job of its own.
 */
export const receiptMailsDue = pgTable('receipt_mails_due', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  receipt: jsonb('receipt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
