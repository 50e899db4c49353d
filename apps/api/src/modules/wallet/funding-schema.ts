import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

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
    /** The SHA-256 of the live "forgot PIN" link's token, and when it stops working. */
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallet_pins_failed_attempts_range', sql`${t.failedAttempts} >= 0`)],
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
