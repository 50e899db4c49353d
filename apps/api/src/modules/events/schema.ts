import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Live events for the SSE stream, kept a day so a reconnecting client can be given what it missed.
 * Recipients are named, never inferred from the payload: users by id, agents by their agent record,
 * and audiences resolved against the reader when the event is sent (`admins`, or `area_agents`: the
 * approved agents of `location_id` who sell `category_kind`, less `area_except_user_id` and
 * `area_except_agent_id`).
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
    /**
     * The one user the area's agents leave out: an order's own customer, who may be an agent of its
     * area too, and hears of the order as its customer (`user_ids`), never as one offered it.
     */
    areaExceptUserId: integer('area_except_user_id'),
    /**
     * The one agent the area's agents leave out: the agent who just gave the order back (released
     * it), who needs no alert to take what they chose to leave.
     */
    areaExceptAgentId: integer('area_except_agent_id'),
    /** Set for an event that must be raised once (e.g. one alert per unaccepted order). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only the few events that have a key: most have none, and each entry is written with the order.
    uniqueIndex('events_dedupe_key_unique')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('events_created_idx').on(t.createdAt),
  ],
);

/**
 * The events whose alerts outside the app (Web Push, SMS) are still to be sent, one row per
 * statement that recorded any, with their ids (the first naming the row): whatever records an
 * alerting event queues it in the same statement or transaction (service.ts `ALERT_TYPES`,
 * `queueAlerts`). An instance claims a round by deleting rows. Rows of their own rather than a mark
 * on each event: a wallet-paid order's two events then cost one small row and its delete, where
 * marking them rewrote both events and every index entry of them.
 */
export const eventAlerts = pgTable('event_alerts', {
  firstEventId: bigint('first_event_id', { mode: 'number' }).primaryKey(),
  eventIds: bigint('event_ids', { mode: 'number' }).array().notNull(),
});

export type LiveEventRow = typeof liveEvents.$inferSelect;

/**
 * A browser's Web Push subscription (what `PushManager.subscribe` answered): where to send and the
 * keys to encrypt for it. The endpoint is the push service's address for that one browser, so it
 * names the subscription; a sign-in on the same browser takes it over.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The VAPID key pair pushes are signed with when none is configured (VAPID_* variables): made once
 * by the first instance to need it, so every instance signs with the key browsers subscribed to.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
