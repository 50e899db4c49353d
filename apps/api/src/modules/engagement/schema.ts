import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/** What a referrer earned from a referred customer's purchase: one row per purchase, at most. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The purchase that earned it, e.g. "vtu:42". */
    source: text('source').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_source_unique').on(t.source),
    index('referral_rewards_user_idx').on(t.userId, t.id),
    check('referral_rewards_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

export const raffleTickets = pgTable(
  'raffle_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['live', 'won'] })
      .notNull()
      .default('live'),
    /** The purchase that earned it ("vtu:42"), or null for tickets an admin created by hand. */
    source: text('source'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('raffle_tickets_slug_unique').on(t.slug),
    uniqueIndex('raffle_tickets_source_unique').on(t.source),
    index('raffle_tickets_user_idx').on(t.userId, t.id),
    index('raffle_tickets_live_idx').on(t.status, t.expirationDate),
  ],
);

export const raffleDraws = pgTable(
  'raffle_draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unique: a ticket can win once. */
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => raffleTickets.id, { onDelete: 'restrict' }),
    winnerUserId: integer('winner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    candidatesCount: integer('candidates_count').notNull(),
    drawnBy: integer('drawn_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('raffle_draws_ticket_id_unique').on(t.ticketId)],
);
