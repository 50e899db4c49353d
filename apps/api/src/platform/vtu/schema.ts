import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The VTU sandbox's record of vends (DESIGN section 6), shared by every instance. */
export const sandboxVtuTransactions = pgTable(
  'sandbox_vtu_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id').notNull(),
    serviceId: text('service_id').notNull(),
    phone: text('phone').notNull(),
    amountNaira: integer('amount_naira').notNull(),
    variationCode: text('variation_code'),
    /** A bill's meter number; its outcome follows the test numbers, not the phone. */
    billersCode: text('billers_code'),
    /** A delivered prepaid electricity vend's token, the same on every requery. */
    purchasedCode: text('purchased_code'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_vtu_transactions_request_id_unique').on(t.requestId)],
);
