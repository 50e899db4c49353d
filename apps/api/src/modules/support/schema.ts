import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/** A customer's problem with one purchase or wallet movement, and where the team stands with it. */
export const supportCases = pgTable(
  'support_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the customer quotes it, upper case: ORD-12, SUB-3, VTU-7 or a wallet TX_ id. */
    reference: text('reference').notNull(),
    referenceKind: text('reference_kind', { enum: ['order', 'subscription', 'vtu', 'wallet'] }).notNull(),
    /** The order's, subscription's or purchase's id; null for a wallet movement (its TX_ id is the reference). */
    referenceId: integer('reference_id'),
    status: text('status', { enum: ['open', 'waiting_on_customer', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_cases_user_idx').on(t.userId, t.id),
    index('support_cases_status_idx').on(t.status, t.id),
    check('support_cases_status_known', sql`${t.status} in ('open', 'waiting_on_customer', 'resolved')`),
  ],
);

/**
 * What was written on a case, in order: the customer's message, the team's replies (which the
 * customer sees) and internal notes (which the customer never sees).
 */
export const supportCaseEntries = pgTable(
  'support_case_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => supportCases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'reply', 'note'] }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_case_entries_case_idx').on(t.caseId, t.id),
    check('support_case_entries_kind_known', sql`${t.kind} in ('message', 'reply', 'note')`),
  ],
);

export type SupportCaseRow = typeof supportCases.$inferSelect;
export type SupportCaseEntryRow = typeof supportCaseEntries.$inferSelect;
