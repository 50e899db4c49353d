import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from '../catalog/schema';
import { users } from '../users/schema';

/** A customer's saved delivery addresses: picked at checkout so nobody types an address twice. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    landmark: text('landmark').notNull().default(''),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.id),
    // At most one default per customer, held by the database.
    uniqueIndex('saved_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
