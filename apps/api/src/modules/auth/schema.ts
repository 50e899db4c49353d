import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/** Bearer tokens: only the SHA-256 of the token is stored, so a leaked table grants nothing. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Single-use password reset tokens, also stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** A link by e-mail, or a 6-digit code by SMS for an account whose only verified address is its phone. */
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    /** Tries at an SMS code, claimed before the comparison (five in all, even in parallel). */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * TOTP two-factor sign-in, one row per account that set it up. `enabledAt` is null while the setup
 * waits for its first code. The secret must stay readable to check codes; the API shows it only
 * during setup. `lastUsedStep` is the 30-second step of the last accepted code, so a code seen once
 * cannot be replayed within its window.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 like every other token. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_unique').on(t.userId, t.codeHash)],
);

/**
 * The step between a correct password and the code: an opaque token (hashed) that lives for minutes
 * and dies after a few wrong codes, so a guessed password alone never yields a session.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Every code tried, the right one too: claimed before the code is compared, so parallel tries count. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_hash_unique').on(t.tokenHash), index('login_challenges_user_idx').on(t.userId)],
);

/**
 * SMS codes that prove a phone number. Only the SHA-256 of the code (bound to the number) is kept;
 * the number is the one the code went to, so a code cannot verify a number changed since. `attempts`
 * counts every try, claimed before the code is compared, so parallel guesses still get five in all.
 * Rows also serve as the record of sends that the resend limits count.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phoneNumber, t.createdAt),
  ],
);

/** Single-use e-mail verification links, stored hashed like every other token, with the address they prove. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_hash_unique').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A change of the account's e-mail or phone, asked for with the current password. It takes effect
 * only once the new address is proven (`secretHash`: the link sent to the new e-mail, or the code
 * texted to the new phone, bound to it). Once applied, the address it replaced was told, with a
 * link (`undoTokenHash`) that puts the old address back and signs every session out.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    oldValue: text('old_value').notNull(),
    /** Whether the old address had been proven, restored with it on undo. */
    oldVerifiedAt: timestamp('old_verified_at', { withTimezone: true }),
    newValue: text('new_value').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a newer change replaced this one before it was proven. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_changes_user_idx').on(t.userId, t.kind, t.createdAt),
    uniqueIndex('contact_changes_secret_unique').on(t.secretHash),
    uniqueIndex('contact_changes_undo_unique').on(t.undoTokenHash),
    check('contact_changes_kind_check', sql`${t.kind} in ('email', 'phone')`),
  ],
);
