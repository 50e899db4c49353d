import { WALLET_TRANSACTION_TYPES } from '@ruwa/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

export const WITHDRAWAL_STATUSES = ['held', 'pending', 'success', 'reversed', 'cancelled'] as const;
export const WITHDRAWAL_HOLD_REASONS = [
  'pin_reset',
  'password_reset',
  'new_bank_account',
  'large_amount',
  'name_mismatch',
] as const;

export const wallets = pgTable(
  'wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    savingsKobo: bigint('savings_kobo', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_user_id_unique').on(t.userId),
    // The database itself refuses an overdraft, whatever the code does.
    check('wallets_balance_not_negative', sql`${t.balanceKobo} >= 0`),
    check('wallets_savings_not_negative', sql`${t.savingsKobo} >= 0`),
  ],
);

/** The kinds of wallet movement: the contract's list, which the history filter also offers. */
export const LEDGER_TYPES = WALLET_TRANSACTION_TYPES;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/**
 * Wallet transactions. Every entry moved money: the wallet's balance always equals the sum of its
 * entries' signed amounts (credits positive, debits negative). A withdrawal that fails is not
 * deleted: it stays, marked reversed, next to the compensating `reversal` credit.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'restrict' }),
    /** Public id shown to the customer. */
    txId: text('tx_id').notNull(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** A withdrawal's entry follows the withdrawal: held, pending, success, reversed or cancelled. */
    status: text('status', { enum: ['pending', 'success', 'failed', 'reversed', 'held', 'cancelled'] })
      .notNull()
      .default('success'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).notNull(),
    /** What caused the movement; (type, reference) is unique, so a replay never moves money twice. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_type_reference_unique').on(t.type, t.reference),
    uniqueIndex('ledger_entries_tx_id_unique').on(t.txId),
    index('ledger_entries_wallet_created_idx').on(t.walletId, t.id),
    index('ledger_entries_type_created_idx').on(t.type, t.createdAt),
    check('ledger_entries_amount_not_zero', sql`${t.amountKobo} <> 0`),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A customer's wallet PIN (argon2id) and its wrong-attempt counter. The counter and the lock live on
 * the row that every PIN check locks, so concurrent guesses are counted one after another.
 */
export const walletPins = pgTable(
  'wallet_pins',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    /** Wrong PINs in a row since the last right one (or the last lock). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Wallet spending is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The SHA-256 of the live "forgot PIN" secret, and when it stops working: a link's token, or an
     * SMS code bound to its account (the two hash different kinds of string, so never alike).
     */
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    /** SMS codes tried against the live reset: each is counted before it is compared, and five end it. */
    resetAttempts: integer('reset_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_pins_failed_attempts_range', sql`${t.failedAttempts} >= 0`),
    check('wallet_pins_reset_attempts_range', sql`${t.resetAttempts} >= 0`),
  ],
);

/**
 * A customer's dedicated bank account (Paystack Dedicated Virtual Account): money transferred to it
 * arrives as a `charge.success` on the `dedicated_nuban` channel and is credited to the wallet.
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerCode: text('customer_code').notNull(),
    /** Paystack's id of the dedicated account. */
    providerId: text('provider_id').notNull(),
    bankName: text('bank_name').notNull(),
    bankSlug: text('bank_slug').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('virtual_accounts_user_id_unique').on(t.userId),
    uniqueIndex('virtual_accounts_account_number_unique').on(t.accountNumber),
  ],
);

export type WalletPinRow = typeof walletPins.$inferSelect;
export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** As the bank resolved it; shown to the customer before saving. */
    accountName: text('account_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    recipientCode: text('recipient_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_accounts_account_number_unique').on(t.userId, t.bankCode, t.accountNumber)],
);

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A withdrawal starts `pending` (its bank transfer started), or `held` when a cool-down applies: the
 * money is set aside from the balance either way, but a held one's transfer waits for `held_until`
 * or an admin's release (then `pending`), unless the customer cancels it (`cancelled`, credited back).
 * A pending one ends `success`, or `reversed` with the money credited back.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    /** Snapshot of where the money went, kept even if the account is deleted later. */
    destination: text('destination').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Our transfer reference; the ledger entry and the provider transfer carry it too. */
    reference: text('reference').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    transferCode: text('transfer_code'),
    failureReason: text('failure_reason'),
    /** Why it was held, and until when; kept after the hold ends. Null for one never held. */
    holdReason: text('hold_reason', { enum: WITHDRAWAL_HOLD_REASONS }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** When a held withdrawal's transfer started: reconciliation gives it time from here. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The admin who released or approved it; null when the hold ended on time. Never its customer. */
    releasedBy: integer('released_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_unique').on(t.reference),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt),
    // The wallet reads a customer's held withdrawals on every balance it shows: few rows, kept apart.
    index('withdrawals_held_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'held'`),
    check('withdrawals_amount_positive', sql`${t.amountKobo} > 0`),
    // A held withdrawal says why, and until when unless it waits for an admin's approval.
    check(
      'withdrawals_held_until_set',
      sql`${t.status} <> 'held' or (${t.holdReason} is not null and (${t.heldUntil} is not null or ${t.holdReason} in ('large_amount', 'name_mismatch')))`,
    ),
    // Maker-checker held by the database: nobody approves their own withdrawal.
    check('withdrawals_not_released_by_owner', sql`${t.releasedBy} is null or ${t.releasedBy} <> ${t.userId}`),
  ],
);

/**
 * A cool-down on a customer's withdrawals: after a forgotten PIN or password is reset, whoever did it
 * may not be the owner, so every withdrawal until `ends_at` is held.
 */
export const withdrawalCooldowns = pgTable(
  'withdrawal_cooldowns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['pin_reset', 'password_reset'] }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_cooldowns_user_ends_idx').on(t.userId, t.endsAt)],
);

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalCooldownReason = (typeof withdrawalCooldowns.$inferSelect)['reason'];

/**
 * A support credit above the admins' amount, waiting for a second admin: nothing moves until one
 * other than the one who asked approves it; then the credit is written under the same reference,
 * once (the ledger's unique `(type, reference)` and this row's lock both hold that).
 */
export const walletCreditRequests = pgTable(
  'wallet_credit_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved'] })
      .notNull()
      .default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_credit_requests_reference_unique').on(t.reference),
    index('wallet_credit_requests_status_idx').on(t.status, t.id),
    check('wallet_credit_requests_amount_positive', sql`${t.amountKobo} > 0`),
    check('wallet_credit_requests_second_admin', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`),
    check(
      'wallet_credit_requests_approved_set',
      sql`(${t.status} = 'approved') = (${t.approvedBy} is not null and ${t.approvedAt} is not null)`,
    ),
  ],
);

export type WalletCreditRequestRow = typeof walletCreditRequests.$inferSelect;
