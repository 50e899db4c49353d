import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
