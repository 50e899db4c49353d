import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Live events for the SSE stream, kept a day so a reconnecting client can be given what it missed.
 * Recipients are named, never inferred from the payload: users by id, agents by their agent record,
 * and audiences resolved against the reader when the event is sent (`admins`, or `area_agents`: the
 * approved agents of `location_id` who sell `category_kind`).
 */
export const liveEvents = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    userIds: integer('user_ids').array().notNull().default([]),
    agentIds: integer('agent_ids').array().notNull().default([]),
    audiences: text('audiences').array().notNull().default([]),
    locationId: integer('location_id'),
    categoryKind: text('category_kind'),
    /** Set for an event that must be raised once (e.g. one alert per unaccepted order). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('events_dedupe_key_unique').on(t.dedupeKey), index('events_created_idx').on(t.createdAt)],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
