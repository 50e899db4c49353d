import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const STATUS_ENTITIES = ['order', 'withdrawal', 'vtu_purchase'] as const;
export const ACTOR_ROLES = ['system', 'customer', 'admin', 'agent'] as const;

/** Every admin write: who, what, when, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Every state change of an order, a withdrawal and an airtime/data purchase, with its time and who
 * made it: one table, in order of `id`, that an auditor can read for any of them.
 */
export const statusHistory = pgTable(
  'status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity', { enum: STATUS_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** Null for the state the record was created in. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: integer('actor_id'),
    actorRole: text('actor_role', { enum: ACTOR_ROLES }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_entity_idx').on(t.entity, t.entityId, t.id)],
);

export type StatusHistoryRow = typeof statusHistory.$inferSelect;
