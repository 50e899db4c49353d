import { lagosDay } from '@ruwa/contract/dates';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { verifyPhone } from '../../../test/helpers/verification';
import { auditLog } from '../audit/schema';
import { credit } from '../wallet/service';
import { raffleDraws, raffleTickets } from './schema';
import { draw, pickIndex, pickLiveTicket, ticketExpiry } from './service';

/**
 * The 0.999999 quantile of chi-square with 49 degrees of freedom (50 tickets): a fair selection fails
 * it once in a million runs, so CI does not fail on chance. A selection that favours the ticket after
 * each gap (twice the chance for 20 of the 50) scores about 355 on average over 2,500 picks.
 */
const CHI_SQUARE_LIMIT = 111.14;

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const fundWallet = (actor: Actor, naira: number) =>
  t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `seed-${actor.user.id}-${Math.random()}`,
      description: 'test',
    }),
  );

/**
 * A customer (verified, from createUser) and a customer who signed up with their referral code.
 * The one who signed up verifies their phone number unless told not to.
 */
async function referredPair({
  phone = '08091112222',
  verifyBuyer = true,
  referrer: given,
}: { phone?: string; verifyBuyer?: boolean; referrer?: Actor } = {}) {
  const referrer = given ?? (await createUser(t));
  const res = await call(t, 'POST', '/api/auth/register', {
    body: {
      first_name: 'Bisi',
      last_name: 'Referred',
      email: `bisi.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      phone_number: phone,
      password: 'referred-pass-1',
      password_confirmation: 'referred-pass-1',
      referral_code: referrer.user.referralCode,
    },
  });
  expect(res.status).toBe(201);
  const buyer = { user: { id: res.body.data.user.id }, token: res.body.data.access_token } as Actor;
  if (verifyBuyer) await verifyPhone(t, buyer.token);
  await fundWallet(buyer, 10_000);
  return { referrer, buyer };
}

const buyAirtime = (actor: Actor, amount: number, phone: string) =>
  call(t, 'POST', '/api/product-order/buy/airtime', {
    token: actor.token,
    body: { amount, phone, network_id: 'mtn', payment_method: 'wallet', confirm_duplicate: true },
  });

describe('admin settings', () => {
  it('has defaults, validates changes, and audits them', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/settings', { token: customer.token })).status).toBe(403);
    const current = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(current.body.data).toMatchObject({
      referral: { percent: 1, cap: 100 },
      raffle: { min_purchase: 100, expiry: 'end_of_month' },
    });
    const bad = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { referral: { percent: 101 } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty(['referral.percent']);
    const good = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { commission: { gas: 4 } },
    });
    expect(good.body.data.commission.gas).toBe(4);
    expect(good.body.data.referral.percent).toBe(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      before: expect.objectContaining({ commission: expect.objectContaining({ gas: 3 }) }),
      after: expect.objectContaining({ commission: expect.objectContaining({ gas: 4 }) }),
    });
  });

  it('changes only the fields sent: the rest of the group keeps its saved value', async () => {
    const update = (body: object) => call(t, 'POST', '/api/admin/settings/update', { token: admin.token, body });
    expect((await update({ raffle: { expiry: 'days', expiry_days: 7 }, referral: { cap: 50 } })).status).toBe(200);

    const raffle = await update({ raffle: { min_purchase: 200 } });
    expect(raffle.body.data.raffle).toEqual({
      min_purchase: 200,
      expiry: 'days',
      expiry_days: 7,
      one_win_per_month: true,
      prize: '',
      next_draw: '',
    });
    const referral = await update({ referral: { percent: 2 } });
    expect(referral.body.data.referral).toEqual({ percent: 2, cap: 50 });
    // Two admins saving different fields of one group at the same time both keep their change.
    await Promise.all([update({ commission: { sachet_water: 6 } }), update({ commission: { bottle_water: 7 } })]);

    const saved = (await call(t, 'GET', '/api/admin/settings', { token: admin.token })).body.data;
    expect(saved).toEqual({
      referral: { percent: 2, cap: 50 },
      raffle: { min_purchase: 200, expiry: 'days', expiry_days: 7, one_win_per_month: true, prize: '', next_draw: '' },
      commission: { sachet_water: 6, bottle_water: 7, gas: 4 },
      alerts: { unaccepted_order_minutes: 15, on_duty_admin_ids: [] },
      withdrawals: { new_account_hold_above: 20_000, approval_above: 500_000, hold_name_mismatch: false },
      adjustments: { credit_approval_above: 100_000 },
      funding: { transfer_fee_bearer: 'platform' },
      support: { phone: '', whatsapp: '', email: '' },
    });
    const [last] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last?.before).toMatchObject({ referral: { percent: 2, cap: 50 }, raffle: { expiry_days: 7 } });

    const badDays = await update({ raffle: { expiry_days: 0 } });
    expect(badDays.status).toBe(422);
    expect(badDays.body.errors['raffle.expiry_days']).toEqual(
      expect.arrayContaining(['The number of days must be at least 1.']),
    );

    // The other tests in this file expect the default rules.
    await update({
      referral: { percent: 1, cap: 100 },
      raffle: { min_purchase: 100, expiry: 'end_of_month', expiry_days: 30 },
      commission: { sachet_water: 5, bottle_water: 5, gas: 3 },
    });
  });
});

describe('referral rewards', () => {
  it('pay the referrer once per delivered purchase, never for refunded ones, capped by the settings', async () => {
    const { referrer, buyer } = await referredPair();
    expect((await buyAirtime(buyer, 1000, '08031234567')).body.data.status).toBe('delivered');
    expect((await buyAirtime(buyer, 1000, '08030000000')).body.data.status).toBe('refunded');

    const me = await call(t, 'GET', '/api/users/me', { token: referrer.token });
    expect(me.body.data.referral_rewards).toBe(10);
    const rewards = await call(t, 'GET', '/api/users/me/referral-rewards', { token: referrer.token });
    expect(rewards.body.data.data).toEqual([
      expect.objectContaining({ title: 'Referral bonus', type: 'airtime', amount: 10 }),
    ]);
    // The referrer never sees the number their referral topped up.
    expect(rewards.body.data.data[0].description).toContain('0803****567');
    expect(JSON.stringify(rewards.body.data.data)).not.toContain('08031234567');
    const wallet = await call(t, 'GET', '/api/wallet/me', { token: referrer.token });
    expect(wallet.body.data.balance).toBe(10);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: referrer.token });
    expect(notes.body.data.data[0].title).toBe('You earned a referral bonus');

    await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { referral: { percent: 10, cap: 50 } },
    });
    await buyAirtime(buyer, 1000, '08031234568');
    expect((await call(t, 'GET', '/api/users/me', { token: referrer.token })).body.data.referral_rewards).toBe(60);
    await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { referral: { percent: 1, cap: 100 } },
    });
  });

  it('need verified phone numbers: an unverified buyer earns their referrer nothing, an unverified referrer is not paid', async () => {
    // The buyer has not verified their number: the purchase goes through, and earns no one anything.
    const { referrer, buyer } = await referredPair({ phone: '08091113333', verifyBuyer: false });
    const bought = await buyAirtime(buyer, 1000, '08031234561');
    expect(bought.status).toBe(201);
    expect(bought.body.data.status).toBe('delivered');
    expect((await call(t, 'GET', '/api/users/me', { token: referrer.token })).body.data.referral_rewards).toBe(0);
    expect((await call(t, 'GET', '/api/raffle-tickets/me', { token: buyer.token })).body.data.total).toBe(0);
    // Verifying later does not pay for what was bought before; what is bought after counts.
    await verifyPhone(t, buyer.token);
    await buyAirtime(buyer, 1000, '08031234562');
    expect((await call(t, 'GET', '/api/users/me', { token: referrer.token })).body.data.referral_rewards).toBe(10);
    expect((await call(t, 'GET', '/api/raffle-tickets/me', { token: buyer.token })).body.data.total).toBe(1);

    // A referrer who has not verified their own number is not paid; their verified buyer still earns a ticket.
    const unverified = await createUser(t, { verified: false });
    const pair = await referredPair({ phone: '08091114444', referrer: unverified });
    await buyAirtime(pair.buyer, 1000, '08031234563');
    const rewards = await call(t, 'GET', '/api/users/me/referral-rewards', { token: unverified.token });
    expect(rewards.body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/wallet/me', { token: unverified.token })).body.data.balance).toBe(0);
    expect((await call(t, 'GET', '/api/raffle-tickets/me', { token: pair.buyer.token })).body.data.total).toBe(1);
  });

  it('pays nothing to anyone for customers who were not referred', async () => {
    const loner = await createUser(t);
    await fundWallet(loner, 500);
    await buyAirtime(loner, 200, '08031231111');
    const rewards = await call(t, 'GET', '/api/users/me/referral-rewards', { token: loner.token });
    expect(rewards.body.data.total).toBe(0);
  });
});

describe('raffle tickets', () => {
  it('are earned by delivered purchases of at least the minimum, and expire at the end of the month', async () => {
    const buyer = await createUser(t);
    await fundWallet(buyer, 1000);
    await buyAirtime(buyer, 50, '08051234567');
    await buyAirtime(buyer, 100, '08051234568');
    const tickets = await call(t, 'GET', '/api/raffle-tickets/me', { token: buyer.token });
    expect(tickets.body.data.data).toHaveLength(1);
    expect(tickets.body.data.data[0]).toMatchObject({
      status: 'live',
      slug: expect.stringMatching(/^RUWA-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    });
    expect(tickets.body.data.data[0].expiration_date).toBe(ticketExpiry({ expiry: 'end_of_month', expiry_days: 30 }));
  });

  it('are not earned while the buyer’s phone number is unverified, though the purchase goes through', async () => {
    const buyer = await createUser(t, { verified: false });
    await fundWallet(buyer, 1000);
    expect((await buyAirtime(buyer, 500, '08051234569')).body.data.status).toBe('delivered');
    expect((await call(t, 'GET', '/api/raffle-tickets/me', { token: buyer.token })).body.data.total).toBe(0);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: buyer.token });
    expect(notes.body.data.data.map((n: { title: string }) => n.title)).not.toContain('You earned a raffle ticket');
  });

  it('tell customers the next draw’s day and prize once an admin announces them, and not a day already past', async () => {
    const customer = await createUser(t);
    const nextDraw = () => call(t, 'GET', '/api/raffle-tickets/next-draw', { token: customer.token });
    expect((await call(t, 'GET', '/api/raffle-tickets/next-draw')).status).toBe(401);
    expect((await nextDraw()).body.data).toEqual({ draw_date: null, prize: null });

    const update = (raffle: object) =>
      call(t, 'POST', '/api/admin/settings/update', { token: admin.token, body: { raffle } });
    const bad = await update({ next_draw: '2026-02-30', prize: 'x'.repeat(121) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['raffle.next_draw']).toEqual(['Use a date like 2026-12-31.']);
    expect(bad.body.errors['raffle.prize']).toEqual(['Describe the prize in at most 120 characters.']);

    const today = lagosDay();
    expect((await update({ next_draw: '2099-12-31', prize: '  ₦10,000 airtime  ' })).status).toBe(200);
    expect((await nextDraw()).body.data).toEqual({ draw_date: '2099-12-31', prize: '₦10,000 airtime' });
    await update({ next_draw: today });
    expect((await nextDraw()).body.data.draw_date).toBe(today);
    await update({ next_draw: '2020-01-31' });
    expect((await nextDraw()).body.data).toEqual({ draw_date: null, prize: '₦10,000 airtime' });

    await update({ next_draw: '', prize: '' });
    expect((await nextDraw()).body.data).toEqual({ draw_date: null, prize: null });
  });

  it('at 00:30 in Lagos (23:30 UTC the day before), a draw announced for that Lagos day is today’s, not past', async () => {
    const customer = await createUser(t);
    const update = (raffle: object) =>
      call(t, 'POST', '/api/admin/settings/update', { token: admin.token, body: { raffle } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-12-01T23:30:00Z'));
      expect((await update({ next_draw: '2026-12-02', prize: 'A bag of rice' })).status).toBe(200);
      const next = await call(t, 'GET', '/api/raffle-tickets/next-draw', { token: customer.token });
      expect(next.body.data).toEqual({ draw_date: '2026-12-02', prize: 'A bag of rice' });
      // The Lagos day before is past, although it is still that day in UTC.
      expect((await update({ next_draw: '2026-12-01' })).status).toBe(200);
      const past = await call(t, 'GET', '/api/raffle-tickets/next-draw', { token: customer.token });
      expect(past.body.data.draw_date).toBeNull();
    } finally {
      vi.useRealTimers();
      await update({ next_draw: '', prize: '' });
    }
  });

  it('computes expiry in Lagos time', () => {
    expect(ticketExpiry({ expiry: 'end_of_month', expiry_days: 30 }, new Date('2026-02-10T12:00:00Z'))).toBe(
      '2026-02-28',
    );
    // 23:30 UTC on 31 January is already 1 February in Lagos.
    expect(ticketExpiry({ expiry: 'end_of_month', expiry_days: 30 }, new Date('2026-01-31T23:30:00Z'))).toBe(
      '2026-02-28',
    );
    expect(ticketExpiry({ expiry: 'days', expiry_days: 7 }, new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-29');
  });

  it('draws live tickets fairly: a ticket never wins twice, and no live tickets is a clear 409', async () => {
    await t.db.delete(raffleDraws);
    await t.db.delete(raffleTickets);
    // Every ticket may win here; the one-win-per-month rule has its own test.
    await setOneWinPerMonth(false);
    const owners = [await createUser(t), await createUser(t), await createUser(t)];
    for (const owner of owners) {
      const res = await call(t, 'POST', '/api/raffle-tickets/store', {
        token: admin.token,
        body: { email: owner.user.email, count: 2 },
      });
      expect(res.status).toBe(201);
    }
    const customer = owners[0]!;
    for (const method of ['GET', 'POST'] as const)
      expect((await call(t, method, '/api/raffle-tickets/draw', { token: customer.token })).status).toBe(403);

    const slugs = new Set<string>();
    for (let i = 0; i < 6; i++) {
      // New clients POST the draw; the original client's GET does the same.
      const res = await call(t, i % 2 ? 'POST' : 'GET', '/api/raffle-tickets/draw', { token: admin.token });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Raffle draw successful');
      expect(res.body.data.winner).toEqual({
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: expect.any(String),
        phoneNumber: expect.stringMatching(/^0\d{10}$/),
      });
      expect(res.body.data.candidates_count).toBe(6 - i);
      slugs.add(res.body.data.slug);
    }
    expect(slugs.size).toBe(6);
    const none = await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There are no live raffle tickets to draw from.');

    const draws = await call(t, 'GET', '/api/raffle-draws/index', { token: admin.token });
    expect(draws.body.data.total).toBe(6);
    const index = await call(t, 'GET', '/api/raffle-tickets/index', { token: admin.token });
    expect(index.body.data.data.every((ticket: { status: string }) => ticket.status === 'won')).toBe(true);
    const winnerNotes = await call(t, 'GET', '/api/notifications/me', { token: customer.token });
    expect(winnerNotes.body.data.data.map((n: { title: string }) => n.title)).toContain('You won the raffle!');
    await setOneWinPerMonth(true);
  });

  it('gives one win per customer per month when the setting is on, and never lets staff win', async () => {
    await t.db.delete(raffleDraws);
    await t.db.delete(raffleTickets);
    const owners = [await createUser(t), await createUser(t), await createUser(t)];
    for (const owner of owners) {
      const res = await call(t, 'POST', '/api/raffle-tickets/store', {
        token: admin.token,
        body: { email: owner.user.email, count: 3 },
      });
      expect(res.status).toBe(201);
    }
    // Staff are given no tickets; three an admin held from before are left in to prove they never win.
    const toStaff = await call(t, 'POST', '/api/raffle-tickets/store', {
      token: admin.token,
      body: { email: admin.user.email, count: 3 },
    });
    expect(toStaff.status).toBe(422);
    expect(toStaff.body.errors.email).toEqual([
      'This e-mail belongs to a staff account: staff never win, so they get no tickets.',
    ]);
    await t.db.insert(raffleTickets).values(
      [1, 2, 3].map((n) => ({
        userId: admin.user.id,
        slug: `STAFF-${n}-${Date.now()}`,
        expirationDate: lagosDay(new Date(Date.now() + 7 * 86_400_000)),
      })),
    );
    const settings = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(settings.body.data.raffle.one_win_per_month).toBe(true);

    // 12 live tickets, 3 of them an admin's: three draws, one per customer, and the admin never wins.
    const winners: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token });
      expect(res.status).toBe(201);
      expect(res.body.data.candidates_count).toBe(9 - 3 * i);
      winners.push(res.body.data.winner.email);
    }
    expect(winners.sort()).toEqual(owners.map((owner) => owner.user.email).sort());
    const none = await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token });
    expect(none.status).toBe(409);
    // The refusal says why: six customer tickets are live, but their holders have all won this month.
    expect(none.body.message).toBe(
      'Every customer holding one of the 6 live tickets has already won this month, and one win per customer per month is on. Draw again next month, or turn the rule off in Settings.',
    );

    // With the rule off, a winner's other tickets are back in; staff still never are.
    await setOneWinPerMonth(false);
    const again = await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token });
    expect(again.status).toBe(201);
    expect(again.body.data.candidates_count).toBe(6);
    expect(owners.map((owner) => owner.user.email)).toContain(again.body.data.winner.email);
    await setOneWinPerMonth(true);
  });

  it('never draws an expired ticket', async () => {
    await t.db.delete(raffleDraws);
    await t.db.delete(raffleTickets);
    const owner = await createUser(t);
    await call(t, 'POST', '/api/raffle-tickets/store', {
      token: admin.token,
      body: { email: owner.user.email, count: 1 },
    });
    await t.db.update(raffleTickets).set({ expirationDate: '2020-01-31' });
    expect((await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token })).status).toBe(409);
  });

  // About 2,600 selections, two queries each: a busy shared host needs more than the default 30 s.
  it('draws uniformly over the stored tickets: the selection passes a chi-square test, and only live tickets win', async () => {
    await t.db.delete(raffleDraws);
    await t.db.delete(raffleTickets);
    const owner = await createUser(t);
    expect(
      (
        await call(t, 'POST', '/api/raffle-tickets/store', {
          token: admin.token,
          body: { email: owner.user.email, count: 70 },
        })
      ).status,
    ).toBe(201);
    // Expired and already-won tickets sit between the live ones, so the selection must skip them.
    const stored = await t.db.select().from(raffleTickets).orderBy(asc(raffleTickets.id));
    const expired = stored.filter((_, i) => i % 7 === 1).map((ticket) => ticket.id);
    const won = stored.filter((_, i) => i % 7 === 4).map((ticket) => ticket.id);
    await t.db.update(raffleTickets).set({ expirationDate: '2020-01-31' }).where(inArray(raffleTickets.id, expired));
    await t.db.update(raffleTickets).set({ status: 'won' }).where(inArray(raffleTickets.id, won));
    const live = stored
      .filter((ticket) => !expired.includes(ticket.id) && !won.includes(ticket.id))
      .map((ticket) => ticket.slug);
    expect(live).toHaveLength(50);

    // The draw's own selection over the stored tickets, 50 expected wins per ticket.
    const picks = 2_500;
    const counts = new Map(live.map((slug) => [slug, 0]));
    for (let i = 0; i < picks; i++) {
      const { candidates, ticket } = await pickLiveTicket(t.db);
      expect(candidates).toBe(50);
      expect(counts.has(ticket!.slug), ticket!.slug).toBe(true);
      counts.set(ticket!.slug, counts.get(ticket!.slug)! + 1);
    }
    const expected = picks / live.length;
    const chiSquare = [...counts.values()].reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(CHI_SQUARE_LIMIT);
    expect(Math.min(...counts.values())).toBeGreaterThan(0);

    // Whole draws use it: each over the same 50 (the winner is put back), never a dead ticket.
    for (let i = 0; i < 50; i++) {
      const result = await draw(t.ctx, admin.user.id);
      expect(result.candidates_count).toBe(50);
      expect(counts.has(result.slug), result.slug).toBe(true);
      await t.db.delete(raffleDraws);
      await t.db.update(raffleTickets).set({ status: 'live' }).where(eq(raffleTickets.slug, result.slug));
    }
  }, 90_000);

  it('chooses uniformly: 100,000 picks over 50 tickets pass a chi-square test at p > 0.000001', () => {
    const tickets = 50;
    const draws = 100_000;
    const counts = new Array<number>(tickets).fill(0);
    for (let i = 0; i < draws; i++) counts[pickIndex(tickets)]! += 1;
    const expected = draws / tickets;
    const chiSquare = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(CHI_SQUARE_LIMIT);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
});

async function setOneWinPerMonth(on: boolean) {
  const res = await call(t, 'POST', '/api/admin/settings/update', {
    token: admin.token,
    body: { raffle: { one_win_per_month: on } },
  });
  expect(res.status).toBe(200);
}

describe('notifications', () => {
  it('lists newest first with unread state; marks one (only your own) or all read', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 1000);
    await buyAirtime(actor, 100, '08061112222');
    await buyAirtime(actor, 100, '08061110000');
    const list = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    const titles = list.body.data.data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Airtime delivered', 'Purchase failed: money refunded', 'You earned a raffle ticket']),
    );
    expect(titles[0]).toBe('Purchase failed: money refunded');
    expect(list.body.data.data.every((n: { read: boolean }) => n.read === false)).toBe(true);
    const unread = (await call(t, 'GET', '/api/notifications/unread-count', { token: actor.token })).body.data.count;
    expect(unread).toBe(list.body.data.total);

    const stranger = await createUser(t);
    await call(t, 'POST', '/api/notifications/read', {
      token: stranger.token,
      body: { id: list.body.data.data[0].id },
    });
    expect((await call(t, 'GET', '/api/notifications/unread-count', { token: actor.token })).body.data.count).toBe(
      unread,
    );

    const one = await call(t, 'POST', '/api/notifications/read', {
      token: actor.token,
      body: { id: list.body.data.data[0].id },
    });
    expect(one.body.data.unread).toBe(unread - 1);
    const all = await call(t, 'POST', '/api/notifications/read', { token: actor.token, body: { all: true } });
    expect(all.body.data.unread).toBe(0);
  });
});
