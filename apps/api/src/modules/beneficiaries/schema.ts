import { NETWORKS } from '@ruwa/contract';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/** A customer's named airtime and data numbers ("Mum MTN"), to fill the forms from. */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** +234..., as the contract writes every phone. */
    phone: text('phone').notNull(),
    networkId: text('network_id', { enum: NETWORKS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('beneficiaries_user_idx').on(t.userId, t.id),
    // One name per number and network: saving it again renames it.
    uniqueIndex('beneficiaries_phone_unique').on(t.userId, t.phone, t.networkId),
  ],
);

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
