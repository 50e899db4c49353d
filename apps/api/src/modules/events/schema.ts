import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

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
    /**
     * When an instance claimed the event's alerts outside the app (Web Push, SMS); null while they
     * are still to be sent. Only the alerting types are ever claimed.
     */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('events_dedupe_key_unique').on(t.dedupeKey),
    index('events_created_idx').on(t.createdAt),
    // The events whose alerts are still to be sent, and only those: claiming them reads this index
    // instead of every recent event. Its types are alerts.ts's ALERT_TYPES (changing those needs a
    // migration of this index).
    index('events_alert_pending_idx')
      .on(t.id)
      .where(sql`${t.alertedAt} is null and ${t.type} in ('order.available', 'order.updated')`),
  ],
);

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
