import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

export const DIFFERENCE_KINDS = [
  'missing_ours',
  'missing_theirs',
  'amount_differs',
  'refund_missing_ours',
  'refund_missing_theirs',
  'refund_amount_differs',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/**
 * Where our record of money and a provider's disagree, one row per (provider, reference, kind):
 * `missing_ours` (the provider took money we hold no paid record of), `missing_theirs` (we hold a
 * payment the provider does not report as paid), `amount_differs`, and the same three for a card
 * refund of a transaction (`refund_…`, referenced by the refunded transaction's reference). A row stays `open` until a
 * later check finds the two agree (`matched`) or an admin clears it with a written reason (`cleared`).
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: DIFFERENCE_KINDS }).notNull(),
    /** What we hold, in kobo (null: nothing paid on our side). */
    oursKobo: bigint('ours_kobo', { mode: 'number' }),
    /** What the provider reports, in kobo (null: nothing paid on theirs). */
    theirsKobo: bigint('theirs_kobo', { mode: 'number' }),
    /** When the money moved, as the provider or we recorded it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'matched', 'cleared'] })
      .notNull()
      .default('open'),
    reason: text('reason'),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reconciliation_differences_unique').on(t.provider, t.reference, t.kind),
    index('reconciliation_differences_status_idx').on(t.status, t.occurredAt),
  ],
);

export type DifferenceRow = typeof reconciliationDifferences.$inferSelect;

/**
 * Each comparison of what a provider holds of our money (the VTU float) with its ledger account,
 * in kobo, kept so the screen shows the last one and a trend can be read back.
 */
export const reconciliationFloatChecks = pgTable(
  'reconciliation_float_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    theirsKobo: bigint('theirs_kobo', { mode: 'number' }).notNull(),
    oursKobo: bigint('ours_kobo', { mode: 'number' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliation_float_checks_provider_idx').on(t.provider, t.checkedAt)],
);
