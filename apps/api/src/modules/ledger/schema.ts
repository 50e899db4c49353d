import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
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

/** One money event: (kind, reference) is unique, so a replay never posts twice. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The reference the customer, support or the provider sees (Paystack, withdrawal, order, VTU). */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Reference first: the same index makes (kind, reference) unique and finds a reference's journals.
  (t) => [uniqueIndex('ledger_journals_reference_kind_unique').on(t.reference, t.kind)],
);

/** The lines of a journal; a journal's postings sum to zero. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    /** The customer, for the customer wallet and savings accounts; null for platform accounts. */
    userId: integer('user_id'),
    /** Debit positive, credit negative. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  // One index only: every write of the busiest path pays for each. A customer's own moves are read
  // from the wallet statement; the hourly check reads all postings anyway.
  (t) => [
    index('ledger_postings_journal_idx').on(t.journalId),
    check('ledger_postings_amount_not_zero', sql`${t.amountKobo} <> 0`),
    check('ledger_postings_customer_has_user', sql`(${t.accountCode} in ('2100', '2110')) = (${t.userId} is not null)`),
  ],
);

export type JournalRow = typeof ledgerJournals.$inferSelect;
