import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The SMS sandbox's outbox: what the app sent while no SMS provider is configured. */
export const smsOutbox = pgTable('sms_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** As the provider received it: international digits without the plus (2348031234567). */
  to: text('to').notNull(),
  from: text('from').notNull(),
  text: text('text').notNull(),
  messageId: text('message_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
