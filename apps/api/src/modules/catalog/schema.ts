import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const productCategories = pgTable(
  'product_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Code switches on kind, never on a display name. */
    kind: text('kind', { enum: ['sachet_water', 'bottle_water', 'gas', 'airtime_data'] }).notNull(),
    image: text('image'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_categories_name_unique').on(sql`lower(${t.name})`),
    check('product_categories_kind_check', sql`${t.kind} in ('sachet_water', 'bottle_water', 'gas', 'airtime_data')`),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Added to every order (and every subscription delivery) at this location. */
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull().default(0),
    /** The items of an order must come to at least this (the delivery fee does not count). */
    minimumOrderKobo: bigint('minimum_order_kobo', { mode: 'number' }).notNull().default(0),
    /** The windows offered each day (Lagos time), with their cut-offs for same-day orders. */
    deliveryWindows: jsonb('delivery_windows')
      .$type<{ name: string; starts: string; ends: string; cutoff: string }[]>()
      .notNull()
      .default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_name_unique').on(sql`lower(${t.name})`, t.state, t.country),
    check('locations_delivery_fee_not_negative', sql`${t.deliveryFeeKobo} >= 0`),
    check('locations_minimum_order_not_negative', sql`${t.minimumOrderKobo} >= 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    basePriceKobo: bigint('base_price_kobo', { mode: 'number' }).notNull(),
    approved: boolean('approved').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    check('products_base_price_positive', sql`${t.basePriceKobo} > 0`),
  ],
);

/** A product is sold at a location; its price there (when set) wins over the base price. */
export const productLocations = pgTable(
  'product_locations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    priceKobo: bigint('price_kobo', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    index('product_locations_location_idx').on(t.locationId),
    check('product_locations_price_positive', sql`${t.priceKobo} is null or ${t.priceKobo} > 0`),
  ],
);

export type CategoryRow = typeof productCategories.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/**
 * A gas product sold by cylinder at a location: a size (in grams, so 12.5 kg is exact), the price to
 * refill one, and the price of a new filled cylinder where one is offered. Sizes and prices are the
 * admins' to edit, per product and location.
 */
export const productCylinders = pgTable(
  'product_cylinders',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sizeGrams: integer('size_grams').notNull(),
    refillPriceKobo: bigint('refill_price_kobo', { mode: 'number' }).notNull(),
    /** Null: no new cylinders in this size here, refills only. */
    newPriceKobo: bigint('new_price_kobo', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId, t.sizeGrams] }),
    check('product_cylinders_size_positive', sql`${t.sizeGrams} > 0`),
    check('product_cylinders_refill_positive', sql`${t.refillPriceKobo} > 0`),
    check('product_cylinders_new_positive', sql`${t.newPriceKobo} is null or ${t.newPriceKobo} > 0`),
  ],
);

export type CylinderRow = typeof productCylinders.$inferSelect;
