import { z } from 'zod';
import { day, naira, timestamp } from './http';

/** One referral bonus (GET users/me/referral-rewards). */
export const referralRewardReply = z.object({
  id: z.number().int(),
  title: z.string(),
  /** What the referred customer bought: airtime or data. */
  type: z.string(),
  /** Who bought what, with the number masked. */
  description: z.string(),
  amount: naira,
  created_at: timestamp,
});
export type ReferralReward = z.infer<typeof referralRewardReply>;

/**
 * The next raffle draw as customers see it with their tickets (GET raffle-tickets/next-draw): its
 * day, null until one is announced (or once the announced day has passed), and what can be won,
 * null until announced.
 */
export const nextRaffleDrawReply = z.object({
  draw_date: day.nullable(),
  prize: z.string().nullable(),
});
export type NextRaffleDraw = z.infer<typeof nextRaffleDrawReply>;

/** Live until its expiration day has passed or it has won; expired is worked out on reading. */
export const raffleTicketStatus = z.enum(['live', 'won', 'expired']);
export type RaffleTicketStatus = z.infer<typeof raffleTicketStatus>;

/** One raffle ticket (GET raffle-tickets/me, and the tickets POST raffle-tickets/store created). */
export const raffleTicketReply = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** The last day (Lagos) it is in the draw. */
  expiration_date: day,
  /** The same day as `expiration_date`. */
  expirationDate: day,
  status: raffleTicketStatus,
  created_at: timestamp,
});
export type RaffleTicket = z.infer<typeof raffleTicketReply>;

/** A ticket as admins list them, with its owner (null when the owner is gone). */
export const adminRaffleTicketReply = raffleTicketReply.extend({
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminRaffleTicket = z.infer<typeof adminRaffleTicketReply>;

export const raffleWinnerReply = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Local form, 0803... */
  phoneNumber: z.string(),
});
export type RaffleWinner = z.infer<typeof raffleWinnerReply>;

/** A draw as GET raffle-tickets/draw answers it. */
export const raffleDrawReply = z.object({
  id: z.number().int(),
  /** The winning ticket. */
  slug: z.string(),
  /** How many live tickets it was drawn from. */
  candidates_count: z.number().int(),
  drawn_at: timestamp,
  winner: raffleWinnerReply,
});
export type RaffleDraw = z.infer<typeof raffleDrawReply>;

/** A past draw (GET raffle-draws/index): the draw and the admin who made it. */
export const pastRaffleDrawReply = raffleDrawReply.extend({ drawn_by: z.number().int() });
export type PastRaffleDraw = z.infer<typeof pastRaffleDrawReply>;
