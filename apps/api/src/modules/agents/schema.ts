import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from '../catalog/schema';
import { users } from '../users/schema';

export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessEmail: text('business_email').notNull(),
    businessPhone: text('business_phone'),
    image: text('image'),
    cacNumber: text('cac_number'),
    sellsSachetWater: boolean('sells_sachet_water').notNull().default(false),
    sellsBottleWater: boolean('sells_bottle_water').notNull().default(false),
    sellsGas: boolean('sells_gas').notNull().default(false),
    /** New orders in the agent's area are also sent by SMS unless the agent turns this off. */
    smsAlerts: boolean('sms_alerts').notNull().default(true),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'suspended'] })
      .notNull()
      .default('pending'),
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agents_user_id_unique').on(t.userId), index('agents_status_idx').on(t.status, t.id)],
);

/** The locations an agent delivers in: paid orders in any of them are offered to the agent. */
export const agentLocations = pgTable(
  'agent_locations',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.locationId] }),
    // "Which agents serve this location" is the question every new paid order asks.
    index('agent_locations_location_idx').on(t.locationId, t.agentId),
  ],
);

/** Commission per delivered order: the unique order id means it is paid once. */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull(),
    kind: text('kind').notNull(),
    percent: text('percent').notNull(),
    orderAmountKobo: bigint('order_amount_kobo', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commissions_order_id_unique').on(t.orderId),
    index('agent_commissions_agent_idx').on(t.agentId, t.id),
    check('agent_commissions_amount_not_negative', sql`${t.amountKobo} >= 0`),
  ],
);

export type AgentRow = typeof agents.$inferSelect;
