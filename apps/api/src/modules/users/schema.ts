import { STAFF_ROLES } from '@ruwa/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Always stored lower-cased; the unique index is on lower(email) as a second guard. */
    email: text('email').notNull(),
    /** International form, +234XXXXXXXXXX. */
    phoneNumber: text('phone_number').notNull(),
    /** When this phone number was proven by an SMS code; cleared when the number changes. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** When this e-mail address was proven by a link; cleared when the address changes. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    /** An admin's part of the business (STAFF_POLICY); null exactly for customers. */
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    referralCode: text('referral_code').notNull(),
    referredById: integer('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    picture: text('picture'),
    /**
     * E-mail a receipt for each purchase and card deposit the customer makes on screen. Mails about
     * money leaving or arriving unasked (withdrawals, refunds, transfers in) go whatever this says.
     */
    receiptMails: boolean('receipt_mails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    // One customer account per phone number (stored in one form, so however it was typed). Admin
    // accounts may share the placeholder number create-admin gives them.
    uniqueIndex('users_phone_number_unique')
      .on(t.phoneNumber)
      .where(sql`${t.role} = 'customer'`),
    index('users_referred_by_idx').on(t.referredById),
    index('users_created_at_idx').on(t.createdAt),
    // Admin searches match a fragment anywhere in these (ILIKE '%...%'): trigram indexes (005).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('customer', 'admin')`),
    check('users_staff_role_check', sql`${t.staffRole} in ('owner', 'finance', 'support', 'dispatcher')`),
    // Every admin has a staff role and nobody else has one, so no admin falls outside the policy.
    check('users_staff_role_admin_check', sql`(${t.role} = 'admin') = (${t.staffRole} is not null)`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
