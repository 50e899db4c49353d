import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// State of the Paystack sandbox (DESIGN section 6). Only used when no real keys are configured; kept
// in the database so it survives restarts and is shared by every API instance.

export const sandboxPaystackTransactions = pgTable(
  'sandbox_paystack_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    accessCode: text('access_code').notNull(),
    email: text('email').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    metadata: jsonb('metadata'),
    /** abandoned until paid (as Paystack reports an initialised, unpaid transaction), then success or failed. */
    status: text('status').notNull().default('abandoned'),
    gatewayResponse: text('gateway_response'),
    /** card for the checkout; dedicated_nuban for a bank transfer into a dedicated account. */
    channel: text('channel').notNull().default('card'),
    /** What Paystack charged us for it, in kobo (reported on success). */
    feesKobo: bigint('fees_kobo', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_paystack_transactions_reference_unique').on(t.reference),
    uniqueIndex('sandbox_paystack_transactions_access_code_unique').on(t.accessCode),
  ],
);

export const sandboxPaystackRecipients = pgTable(
  'sandbox_paystack_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientCode: text('recipient_code').notNull(),
    name: text('name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_paystack_recipients_recipient_code_unique').on(t.recipientCode)],
);

export const sandboxPaystackTransfers = pgTable(
  'sandbox_paystack_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    transferCode: text('transfer_code').notNull(),
    recipientCode: text('recipient_code').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_paystack_transfers_reference_unique').on(t.reference)],
);

export const sandboxPaystackCustomers = pgTable(
  'sandbox_paystack_customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerCode: text('customer_code').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_paystack_customers_customer_code_unique').on(t.customerCode),
    uniqueIndex('sandbox_paystack_customers_email_unique').on(t.email),
  ],
);

export const sandboxPaystackDedicatedAccounts = pgTable(
  'sandbox_paystack_dedicated_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerCode: text('customer_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    bankSlug: text('bank_slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_paystack_dedicated_accounts_account_number_unique').on(t.accountNumber),
    uniqueIndex('sandbox_paystack_dedicated_accounts_customer_bank_unique').on(t.customerCode, t.bankSlug),
  ],
);

export const sandboxPaystackRefunds = pgTable(
  'sandbox_paystack_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionReference: text('transaction_reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** pending, then processed or failed (Paystack's refund statuses). */
    status: text('status').notNull().default('pending'),
    customerNote: text('customer_note'),
    merchantNote: text('merchant_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_paystack_refunds_transaction_idx').on(t.transactionReference)],
);
