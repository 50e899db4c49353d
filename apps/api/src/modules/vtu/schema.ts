import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

export const dataBundles = pgTable(
  'data_bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    network: text('network', { enum: ['mtn', 'glo', 'airtel', 'etisalat'] }).notNull(),
    variationCode: text('variation_code').notNull(),
    name: text('name').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_bundles_variation_code_unique').on(t.variationCode),
    check('data_bundles_price_positive', sql`${t.priceKobo} > 0`),
  ],
);

/** An airtime, data or bill purchase and everything the provider said about it. */
export const vtuPurchases = pgTable(
  'vtu_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['airtime', 'data', 'electricity'] }).notNull(),
    /** Airtime and data only. */
    network: text('network', { enum: ['mtn', 'glo', 'airtel', 'etisalat'] }),
    /** A bill's biller as the provider names it (ikeja-electric); null for airtime and data. */
    serviceId: text('service_id'),
    /** A bill's meter number (the provider's billersCode). */
    billersCode: text('billers_code'),
    meterType: text('meter_type', { enum: ['prepaid', 'postpaid'] }),
    /** Who the provider said the meter belongs to when it was verified, before the payment. */
    customerName: text('customer_name'),
    customerAddress: text('customer_address'),
    /** What a delivered prepaid electricity payment hands over: the token to key in, and its units. */
    token: text('token'),
    units: text('units'),
    /** +234 form; for a bill, where its token is sent. */
    phone: text('phone').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    bundleId: integer('bundle_id').references(() => dataBundles.id, { onDelete: 'restrict' }),
    bundleName: text('bundle_name'),
    variationCode: text('variation_code'),
    /** Sent to the provider; unique, so a retry can never vend twice. */
    requestId: text('request_id').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method', { enum: ['card', 'wallet'] }).notNull(),
    paymentReference: text('payment_reference').notNull(),
    providerResponses: jsonb('provider_responses')
      .$type<{ at: string; action: string; status: string; code: string; message: string }[]>()
      .notNull()
      .default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vtu_purchases_request_id_unique').on(t.requestId),
    uniqueIndex('vtu_purchases_payment_reference_unique').on(t.paymentReference),
    index('vtu_purchases_user_idx').on(t.userId, t.id),
    index('vtu_purchases_status_idx').on(t.status, t.createdAt),
    index('vtu_purchases_phone_created_idx').on(t.phone, t.createdAt),
    index('vtu_purchases_created_idx').on(t.createdAt),
    check('vtu_purchases_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'vtu_purchases_network_or_biller',
      sql`(${t.kind} in ('airtime', 'data')) = (${t.network} is not null and ${t.serviceId} is null)`,
    ),
  ],
);

export type DataBundleRow = typeof dataBundles.$inferSelect;
export type VtuPurchaseRow = typeof vtuPurchases.$inferSelect;

/** The kinds of purchase that are bills; the others are airtime and data. */
export const BILL_KINDS = ['electricity'] as const;
export const AIRTIME_DATA_KINDS = ['airtime', 'data'] as const;
export const isBillRow = (row: Pick<VtuPurchaseRow, 'kind'>) => (BILL_KINDS as readonly string[]).includes(row.kind);
