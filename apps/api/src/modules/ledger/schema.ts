import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The chart of accounts (rows of `ACCOUNTS` in accounts.ts; a migration adds each new one). */
export const ledgerAccounts = pgTable('ledger_accounts', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['asset', 'liability', 'equity', 'revenue', 'expense'] }).notNull(),
  normal: text('normal', { enum: ['debit', 'credit'] }).notNull(),
});

/**
 * Running balances of the platform accounts (debit positive), split in shards so concurrent
 * journals on a busy account (sales revenue) rarely wait for one row: a journal adds to the shard of
 * its database connection. An account's balance is the sum of its shards.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    shard: smallint('shard').notNull(),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountCode, t.shard] })],
);

/**
 * One money event and its lines: (kind, reference) is unique, so a replay never posts twice. Line i
 * posts `amounts_kobo[i]` (debit positive, credit negative) to `account_codes[i]`, for the customer
 * `user_ids[i]` on a customer account (null on a platform account). The lines live in the journal's
 * row rather than a row each: the busiest write path (a wallet-paid order) then writes one row and
 * its two index entries for its books instead of four rows and seven entries, and a journal can only
 * be written whole. The lines sum to zero (checked by `post()` before any write, and by the hourly
 * check of the books).
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The reference the customer, support or the provider sees (Paystack, withdrawal, order, VTU). */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    accountCodes: text('account_codes').array().notNull(),
    /** The customer of each line on a customer account; null on a platform account. */
    userIds: integer('user_ids').array().notNull().$type<(number | null)[]>(),
    amountsKobo: bigint('amounts_kobo', { mode: 'number' }).array().notNull(),
  },
  // Reference first: the same index makes (kind, reference) unique and finds a reference's journals.
  (t) => [
    uniqueIndex('ledger_journals_reference_kind_unique').on(t.reference, t.kind),
    check(
      'ledger_journals_lines_complete',
      sql`cardinality(${t.accountCodes}) >= 2 and cardinality(${t.userIds}) = cardinality(${t.accountCodes})
        and cardinality(${t.amountsKobo}) = cardinality(${t.accountCodes})
        and array_position(${t.accountCodes}, null) is null and array_position(${t.amountsKobo}, null) is null`,
    ),
    check('ledger_journals_amounts_not_zero', sql`0 <> all(${t.amountsKobo})`),
  ],
);

export type JournalRow = typeof ledgerJournals.$inferSelect;
