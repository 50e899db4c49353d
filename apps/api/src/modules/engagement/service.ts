import { randomInt } from 'node:crypto';
import { formatNaira, koboToNaira, maskPhone, maskPhonesIn, toLocalPhone } from '@ruwa/contract';
import { addDaysTo, formatDate, lagosDay } from '@ruwa/contract/dates';
import type { NextRaffleDraw, RaffleTicket } from '@ruwa/contract/replies';
import { and, asc, count, desc, eq, gte, inArray, notInArray, sum } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { counted, pagedSelect, type Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { notify } from '../notifications/service';
import { getSettings } from '../settings/service';
import * as users from '../users/service';
import { credit } from '../wallet/service';
import { raffleDraws, raffleTickets, referralRewards } from './schema';
import { lagosMidnight } from '../../lib/lagos-time';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** When a ticket earned today expires, by the admin's rule. */
export function ticketExpiry(rule: { expiry: 'end_of_month' | 'days'; expiry_days: number }, now = new Date()): string {
  const today = lagosDay(now);
  if (rule.expiry === 'days') return addDaysTo(today, rule.expiry_days);
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function newSlug(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `RUWA-${part()}-${part()}`;
}

/** Uniform choice of one of `count` candidates, with a cryptographic RNG. */
export function pickIndex(candidates: number): number {
  return randomInt(candidates);
}

async function issueTicket(
  tx: DbOrTx,
  userId: number,
  expirationDate: string,
  source: string | null,
  createdBy: number | null,
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await tx
      .insert(raffleTickets)
      .values({ userId, slug: newSlug(), expirationDate, source, createdBy })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return rows[0];
    // A conflict on source means this purchase already earned its ticket.
    if (source) {
      const [existing] = await tx.select().from(raffleTickets).where(eq(raffleTickets.source, source));
      if (existing) return null;
    }
  }
  throw new Error('could not make a unique raffle ticket slug');
}

/**
 * What a delivered airtime/data purchase earns, in the same transaction that marks it delivered:
 * the referrer's reward (once per purchase, credited to their wallet) and a raffle ticket.
 *
 * Rewards are where fake accounts would pay, so they need verified phone numbers: a purchase by an
 * unverified buyer earns nothing (no ticket, no reward for whoever referred them), and a referrer
 * earns only while their own number is verified. What was missed is not paid later.
 */
export async function rewardDeliveredPurchase(
  tx: Tx,
  purchase: { id: number; userId: number; amountKobo: number; kind: string; phone: string },
) {
  const buyer = await users.getUser(tx, purchase.userId);
  if (!users.hasVerifiedPhone(buyer)) return;
  const rules = await getSettings(tx);
  const source = `vtu:${purchase.id}`;
  const referrer = buyer.referredById ? await users.getUser(tx, buyer.referredById) : null;

  if (referrer && users.hasVerifiedPhone(referrer)) {
    const rewardKobo = Math.min(
      Math.floor((purchase.amountKobo * rules.referral.percent) / 100),
      Math.round(rules.referral.cap * 100),
    );
    if (rewardKobo > 0) {
      const [reward] = await tx
        .insert(referralRewards)
        .values({
          userId: referrer.id,
          referredUserId: buyer.id,
          source,
          title: 'Referral bonus',
          type: purchase.kind,
          // The referrer learns that a purchase happened, never their referral's number.
          description: `${buyer.firstName} bought ${purchase.kind} for ${maskPhone(purchase.phone)}`,
          amountKobo: rewardKobo,
        })
        .onConflictDoNothing()
        .returning();
      if (reward) {
        await credit(tx, referrer.id, {
          amountKobo: rewardKobo,
          type: 'reward',
          reference: `referral:${source}`,
          description: `Referral bonus from ${buyer.firstName}`,
        });
        await notify(tx, referrer.id, {
          kind: 'reward',
          title: 'You earned a referral bonus',
          description: `${formatNaira(koboToNaira(rewardKobo))} from ${buyer.firstName}'s ${purchase.kind} purchase is in your wallet.`,
        });
      }
    }
  }

  // Staff never win, so they are never given a ticket either.
  if (buyer.role === 'customer' && purchase.amountKobo >= Math.round(rules.raffle.min_purchase * 100)) {
    const ticket = await issueTicket(tx, purchase.userId, ticketExpiry(rules.raffle), source, null);
    if (ticket) {
      await notify(tx, purchase.userId, {
        kind: 'raffle',
        title: 'You earned a raffle ticket',
        description: `Ticket ${ticket.slug} is in the draw until ${formatDate(ticket.expirationDate)}.`,
      });
    }
  }
}

// Referrals

export async function listReferralRewards(db: DbOrTx, userId: number, paging: Paging) {
  const where = eq(referralRewards.userId, userId);
  const { rows, total } = await pagedSelect(db, referralRewards, {
    where,
    orderBy: [desc(referralRewards.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      // Rewards written before numbers were masked still carry them in full.
      description: maskPhonesIn(r.description),
      amount: koboToNaira(r.amountKobo),
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

export async function referralRewardsTotal(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(referralRewards.amountKobo) })
    .from(referralRewards)
    .where(eq(referralRewards.userId, userId));
  return koboToNaira(Number(row?.total ?? 0));
}

// Raffles

function toTicket(row: typeof raffleTickets.$inferSelect, today: string): RaffleTicket {
  const status = row.status === 'won' ? 'won' : row.expirationDate < today ? 'expired' : 'live';
  return {
    id: row.id,
    slug: row.slug,
    expiration_date: row.expirationDate,
    expirationDate: row.expirationDate,
    status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMyTickets(db: DbOrTx, userId: number, paging: Paging) {
  const where = eq(raffleTickets.userId, userId);
  const { rows, total } = await pagedSelect(db, raffleTickets, {
    where,
    orderBy: [desc(raffleTickets.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  const today = lagosDay();
  return { rows: rows.map((r) => toTicket(r, today)), total };
}

/**
 * The next draw as the settings announce it. A day already past is no longer the next draw: it reads
 * as not announced until an admin sets the following one.
 */
export async function nextDraw(db: DbOrTx, today = lagosDay()): Promise<NextRaffleDraw> {
  const { raffle } = await getSettings(db);
  return {
    draw_date: raffle.next_draw && raffle.next_draw >= today ? raffle.next_draw : null,
    prize: raffle.prize || null,
  };
}

export async function listAllTickets(db: DbOrTx, paging: Paging) {
  const { rows, total } = await pagedSelect(db, raffleTickets, {
    orderBy: [desc(raffleTickets.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  const owners = await users.usersByIds(
    db,
    rows.map((r) => r.userId),
  );
  const today = lagosDay();
  return {
    rows: rows.map((r) => {
      const owner = owners.get(r.userId);
      return {
        ...toTicket(r, today),
        owner: owner ? { id: owner.id, name: `${owner.firstName} ${owner.lastName}`, email: owner.email } : null,
      };
    }),
    total,
  };
}

export async function createTickets(
  ctx: AppContext,
  adminId: number,
  input: { email: string; count: number; expiration_date?: string },
) {
  const owner = await users.findUserByEmail(ctx.db, input.email);
  if (!owner) throw fieldError('email', 'No customer has this e-mail.');
  if (owner.role !== 'customer')
    throw fieldError('email', 'This e-mail belongs to a staff account: staff never win, so they get no tickets.');
  const expiration = input.expiration_date ?? ticketExpiry((await getSettings(ctx.db)).raffle);
  if (expiration < lagosDay()) throw fieldError('expiration_date', 'The expiration date must not be in the past.');
  return ctx.db.transaction(async (tx) => {
    const created = [];
    for (let i = 0; i < input.count; i++) created.push(await issueTicket(tx, owner.id, expiration, null, adminId));
    const slugs = created.flatMap((ticket) => (ticket ? [ticket.slug] : []));
    await audit(tx, {
      actorId: adminId,
      action: 'raffle.tickets.create',
      entity: 'raffle_tickets',
      entityId: owner.id,
      after: { user_id: owner.id, count: input.count, expiration, slugs },
    });
    await notify(tx, owner.id, {
      kind: 'raffle',
      title: `You received ${input.count} raffle ticket${input.count === 1 ? '' : 's'}`,
      description: `Valid until ${formatDate(expiration)}. Good luck!`,
    });
    return created.filter(Boolean).map((t) => toTicket(t!, lagosDay()));
  });
}

/** The first instant of the Lagos calendar month `now` falls in: a draw round. */
export function roundStart(now = new Date()): Date {
  return lagosMidnight(`${lagosDay(now).slice(0, 8)}01`);
}

/**
 * The draw's selection: one of the live tickets (unexpired, not yet won) of a customer, each as
 * likely as any other. Staff accounts never win (they can hold tickets an admin created to test),
 * and with `winnersSince` a customer who already won a draw since then is left out, so several
 * prizes in one round go to several people. The candidates are numbered 0..n-1 in id order and
 * pickIndex chooses the number. It only reads: the draw then marks the ticket won (unless a
 * concurrent draw took it a moment earlier).
 */
export async function pickLiveTicket(db: DbOrTx, today = lagosDay(), winnersSince?: Date) {
  const live = and(
    eq(raffleTickets.status, 'live'),
    gte(raffleTickets.expirationDate, today),
    inArray(raffleTickets.userId, users.customerIdsQuery(db)),
    winnersSince
      ? notInArray(
          raffleTickets.userId,
          db.select({ id: raffleDraws.winnerUserId }).from(raffleDraws).where(gte(raffleDraws.createdAt, winnersSince)),
        )
      : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(raffleTickets).where(live);
  if (n === 0) return { candidates: 0, ticket: null };
  const [ticket] = await db
    .select()
    .from(raffleTickets)
    .where(live)
    .orderBy(asc(raffleTickets.id))
    .limit(1)
    .offset(pickIndex(n));
  return { candidates: n, ticket: ticket ?? null };
}

/**
 * Why a draw found no ticket to draw: none is live, or every customer holding one has won this
 * month's round already while one win per month is on.
 */
async function whyNothingToDraw(db: DbOrTx, winnersSince: Date | undefined): Promise<string> {
  const { candidates } = winnersSince ? await pickLiveTicket(db, lagosDay()) : { candidates: 0 };
  if (candidates === 0) return 'There are no live raffle tickets to draw from.';
  return `Every customer holding one of the ${candidates} live ticket${candidates === 1 ? '' : 's'} has already won this month, and one win per customer per month is on. Draw again next month, or turn the rule off in Settings.`;
}

/**
 * Draws one live ticket (unexpired, not yet won) uniformly at random, records the draw and tells
 * the winner. The unique ticket_id on draws means a ticket can never win twice, even if two admins
 * draw at the same moment. With the one-win-per-month rule on, this month's winners sit out.
 */
export async function draw(ctx: AppContext, adminId: number) {
  const { raffle } = await getSettings(ctx.db);
  const winnersSince = raffle.one_win_per_month ? roundStart() : undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await ctx.db.transaction(async (tx) => {
      const { candidates: n, ticket } = await pickLiveTicket(tx, lagosDay(), winnersSince);
      if (n === 0) throw new AppError('conflict', await whyNothingToDraw(tx, winnersSince));
      if (!ticket) return null;
      const won = await tx
        .update(raffleTickets)
        .set({ status: 'won' })
        .where(and(eq(raffleTickets.id, ticket.id), eq(raffleTickets.status, 'live')))
        .returning();
      if (!won.length) return null; // someone else drew it a moment ago: draw again
      const [recorded] = await tx
        .insert(raffleDraws)
        .values({ ticketId: ticket.id, winnerUserId: ticket.userId, candidatesCount: n, drawnBy: adminId })
        .returning();
      const winner = await users.getUser(tx, ticket.userId);
      await notify(tx, winner.id, {
        kind: 'raffle',
        title: 'You won the raffle!',
        description: `Your ticket ${ticket.slug} won. We will contact you about your prize.`,
      });
      await audit(tx, {
        actorId: adminId,
        action: 'raffle.draw',
        entity: 'raffle_draws',
        entityId: recorded!.id,
        after: { ticket: ticket.slug, winner_user_id: ticket.userId, candidates: n },
      });
      return {
        id: recorded!.id,
        slug: ticket.slug,
        candidates_count: n,
        drawn_at: recorded!.createdAt.toISOString(),
        winner: {
          firstName: winner.firstName,
          lastName: winner.lastName,
          email: winner.email,
          phoneNumber: toLocalPhone(winner.phoneNumber),
        },
      };
    });
    if (result) return result;
  }
  throw new AppError('conflict', 'The draw collided with another one. Please try again.');
}

export async function listDraws(db: DbOrTx, paging: Paging) {
  const { rows, total } = await counted(
    db
      .select({ draw: raffleDraws, slug: raffleTickets.slug })
      .from(raffleDraws)
      .innerJoin(raffleTickets, eq(raffleTickets.id, raffleDraws.ticketId))
      .orderBy(desc(raffleDraws.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(raffleDraws),
  );
  const winners = await users.usersByIds(
    db,
    rows.map((r) => r.draw.winnerUserId),
  );
  return {
    rows: rows.map(({ draw, slug }) => {
      const w = winners.get(draw.winnerUserId)!;
      return {
        id: draw.id,
        slug,
        candidates_count: draw.candidatesCount,
        drawn_by: draw.drawnBy,
        drawn_at: draw.createdAt.toISOString(),
        winner: {
          firstName: w.firstName,
          lastName: w.lastName,
          email: w.email,
          phoneNumber: toLocalPhone(w.phoneNumber),
        },
      };
    }),
    total,
  };
}
