import { randomUUID } from 'node:crypto';
import { addDaysTo, lagosDay } from '@ruwa/contract/dates';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { queryRows } from '../../../test/helpers/money-invariants';
import { lagosMidnight } from '../../lib/lagos-time';
import { ensureWallet } from '../wallet/ledger';
import { journal, type Journal } from './journals';
import { ledgerViolations, post } from './service';

type Account = {
  code: string;
  name: string;
  debit_kobo: number;
  credit_kobo: number;
  balance_kobo: number;
  contra: boolean;
};
type Balances = { accounts: Account[]; total_debit_kobo: number; total_credit_kobo: number };

let t: TestApp;
let admin: Actor;
let customer: Actor;
const today = lagosDay();
const D1 = addDaysTo(today, -10);
const D2 = addDaysTo(today, -5);
const HOUR = 3_600_000;
/** The references posted below, by name. */
const ref: Record<string, string> = {};

/** Posts a catalogue journal and dates it `at`, as if it had been posted then. */
async function postAt(name: string, built: (reference: string) => Journal, at: Date) {
  ref[name] = `reports-${name}-${randomUUID()}`;
  const { journalId } = await t.db.transaction((tx) => post(tx, built(ref[name]!)));
  await t.db.execute(
    sql`update ledger_journals set created_at = ${at.toISOString()}::timestamptz where id = ${journalId}`,
  );
}

async function get(url: string, query: Record<string, string | number> = {}) {
  const res = await call(t, 'GET', url, { token: admin.token, query });
  return res;
}
async function balances(query: Record<string, string> = {}): Promise<Balances> {
  const res = await get('/api/admin/ledger/trial-balance', query);
  expect(res.status).toBe(200);
  return res.body.data;
}
const debitSide = (tb: Balances) => new Map(tb.accounts.map((a) => [a.code, a.debit_kobo - a.credit_kobo]));
const expectBalanced = (tb: Balances) => expect(tb.total_debit_kobo).toBe(tb.total_credit_kobo);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  customer = await createUser(t);
  const userId = customer.user.id;
  await ensureWallet(t.db, userId);
  const at = (day: string, hours: number) => new Date(lagosMidnight(day).getTime() + hours * HOUR);
  await postAt('deposit', (r) => journal('deposit', r, { userId, amountKobo: 100_000, direction: 'in' }), at(D1, 10));
  await postAt(
    'purchase',
    (r) =>
      journal('purchase', r, {
        userId,
        amountKobo: 30_000,
        direction: 'out',
        sale: { category: 'gas', deliveryFeeKobo: 5_000 },
      }),
    at(D2, 9),
  );
  // 23:30 in Lagos is still D2, though it is 22:30 UTC.
  await postAt(
    'refund',
    (r) => journal('refund', r, { userId, amountKobo: 10_000, direction: 'in', sale: { category: 'gas' } }),
    at(D2, 23.5),
  );
  await postAt(
    'commission',
    (r) => journal('commission', r, { userId, amountKobo: 2_000, direction: 'in' }),
    at(D2, 12),
  );
  // 00:30 in Lagos is the day after D2, though it is still D2 in UTC.
  await postAt(
    'after-midnight',
    (r) => journal('reward', r, { userId, amountKobo: 700, direction: 'in' }),
    at(D2, 24.5),
  );
});
afterAll(() => t.close());
afterEach(async () => expect(await ledgerViolations(t.db)).toEqual([]));

describe('the trial balance as at a Lagos day', () => {
  it('leaves out the journals posted after that day and still balances', async () => {
    const [before, onD1, onD2, now, asAtToday] = await Promise.all([
      balances({ as_at: addDaysTo(D1, -1) }),
      balances({ as_at: D1 }),
      balances({ as_at: D2 }),
      balances(),
      balances({ as_at: today }),
    ]);
    for (const tb of [before, onD1, onD2, now]) expectBalanced(tb);
    expect(onD1.total_debit_kobo).toBeGreaterThan(0);
    const change = (a: Balances, b: Balances) => {
      const [from, to] = [debitSide(a), debitSide(b)];
      return Object.fromEntries(
        [...to].filter(([code, kobo]) => kobo !== from.get(code)).map(([code, kobo]) => [code, kobo - from.get(code)!]),
      );
    };
    // The deposit of D1: Paystack clearing debited, customer wallets credited.
    expect(change(before, onD1)).toEqual({ '1100': 100_000, '2100': -100_000 });
    // D2's purchase, refund (23:30) and commission; not the reward at 00:30 the next day.
    expect(change(onD1, onD2)).toEqual({
      '2100': 30_000 - 10_000 - 2_000,
      '4130': -25_000,
      '4300': -5_000,
      '4900': 10_000,
      '5100': 2_000,
    });
    expect(change(onD2, now)).toEqual({ '2100': -700, '5200': 700 });
    expect(asAtToday).toEqual(now);
    // Refunds reduce revenue: shown as contra-revenue, on the debit side.
    expect(onD2.accounts.find((a) => a.code === '4900')).toMatchObject({ name: 'Refunds', contra: true });
    expect(onD2.accounts.find((a) => a.code === '4130')).toMatchObject({ contra: false });
  });

  it('refuses a day that is not a real date', async () => {
    for (const as_at of ['2026-02-30', '30/11/2026', 'yesterday']) {
      const res = await get('/api/admin/ledger/trial-balance', { as_at });
      expect(res.status).toBe(422);
      expect(res.body.errors.as_at).toBeDefined();
    }
  });
});

describe('the trial balance for a period', () => {
  it('opens at the day before, adds the movements and closes at the last day', async () => {
    const res = await get('/api/admin/ledger/trial-balance/period', { from: D2, to: D2 });
    expect(res.status).toBe(200);
    const period = res.body.data as {
      accounts: (Account & { opening_kobo: number; closing_kobo: number })[];
      totals: Record<string, number>;
    };
    const [opening, closing] = [
      debitSide(await balances({ as_at: addDaysTo(D2, -1) })),
      debitSide(await balances({ as_at: D2 })),
    ];
    const byCode = new Map(period.accounts.map((a) => [a.code, a]));
    expect(byCode.get('4130')).toMatchObject({
      debit_kobo: 0,
      credit_kobo: 25_000,
      closing_kobo: -closing.get('4130')!,
    });
    expect(byCode.get('2100')).toMatchObject({ debit_kobo: 30_000, credit_kobo: 12_000 });
    expect(byCode.get('2100')!.opening_kobo).toBe(-opening.get('2100')!);
    expect(byCode.get('1100')!.opening_kobo).toBe(opening.get('1100'));
    expect(byCode.get('1100')!.closing_kobo).toBe(closing.get('1100'));
    const { totals } = period;
    expect(totals.opening_debit_kobo).toBe(totals.opening_credit_kobo);
    expect(totals.debit_kobo).toBe(totals.credit_kobo);
    expect(totals.debit_kobo).toBe(30_000 + 10_000 + 2_000);
    expect(totals.closing_debit_kobo).toBe(totals.closing_credit_kobo);
  });

  it('drills down from an account to its journals, paged', async () => {
    const first = await get('/api/admin/ledger/account-journals', { code: '2100', from: D2, to: D2, per_page: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 3, last_page: 2 });
    const second = await get('/api/admin/ledger/account-journals', {
      code: '2100',
      from: D2,
      to: D2,
      per_page: 2,
      page: 2,
    });
    const seen = [...first.body.data.data, ...second.body.data.data].map((j: { reference: string }) => j.reference);
    expect(seen).toEqual([ref.purchase, ref.commission, ref.refund]);
    const gas = await get('/api/admin/ledger/account-journals', { code: '4130', to: D2 });
    expect(gas.body.data.data).toEqual([
      expect.objectContaining({
        reference: ref.purchase,
        kind: 'purchase',
        debit_kobo: 0,
        credit_kobo: 25_000,
        postings: [
          {
            account_code: `2100-${customer.user.id}`,
            account_name: 'Customer wallets',
            debit_kobo: 30_000,
            credit_kobo: 0,
          },
          { account_code: '4130', account_name: 'Sales revenue: gas', debit_kobo: 0, credit_kobo: 25_000 },
          { account_code: '4300', account_name: 'Delivery fee revenue', debit_kobo: 0, credit_kobo: 5_000 },
        ],
      }),
    ]);
    expect((await get('/api/admin/ledger/account-journals', { code: '4999' })).status).toBe(404);
    const backwards = await get('/api/admin/ledger/account-journals', { code: '4130', from: D2, to: D1 });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toEqual(['The to date must be on or after the from date.']);
  });

  it('names every journal line with its account', async () => {
    const res = await get('/api/admin/ledger/journal', { reference: ref.refund! });
    expect(res.body.data[0].postings).toEqual([
      {
        account_code: `2100-${customer.user.id}`,
        account_name: 'Customer wallets',
        debit_kobo: 0,
        credit_kobo: 10_000,
      },
      { account_code: '4900', account_name: 'Refunds', debit_kobo: 10_000, credit_kobo: 0 },
    ]);
  });
});

describe('the profit and loss for a period', () => {
  it('nets revenue, refunds as contra-revenue, less expenses, as the journals of the period say', async () => {
    const res = await get('/api/admin/ledger/profit-and-loss', { from: D2, to: D2 });
    expect(res.status).toBe(200);
    const pl = res.body.data as {
      revenue: { code: string; amount_kobo: number; contra: boolean }[];
      expenses: { code: string; amount_kobo: number }[];
      total_revenue_kobo: number;
      total_expenses_kobo: number;
      net_kobo: number;
    };
    const amounts = (lines: { code: string; amount_kobo: number }[]) =>
      Object.fromEntries(lines.filter((l) => l.amount_kobo !== 0).map((l) => [l.code, l.amount_kobo]));
    expect(amounts(pl.revenue)).toEqual({ '4130': 25_000, '4300': 5_000, '4900': -10_000 });
    expect(pl.revenue.find((l) => l.code === '4900')!.contra).toBe(true);
    expect(amounts(pl.expenses)).toEqual({ '5100': 2_000 });
    expect(pl).toMatchObject({ total_revenue_kobo: 20_000, total_expenses_kobo: 2_000, net_kobo: 18_000 });

    // Over the whole run, the net is what the journals credited to revenue less what they debited to expenses.
    const whole = (await get('/api/admin/ledger/profit-and-loss', { from: addDaysTo(D1, -1), to: today })).body.data;
    const [fromJournals] = await queryRows(
      t.db,
      sql`select coalesce(-sum(line.kobo) filter (where a.type = 'revenue'), 0) as revenue,
          coalesce(sum(line.kobo) filter (where a.type = 'expense'), 0) as expenses
        from ledger_journals j, unnest(j.account_codes, j.amounts_kobo) as line (code, kobo), ledger_accounts a
        where a.code = line.code and j.created_at >= ${lagosMidnight(addDaysTo(D1, -1)).toISOString()}::timestamptz`,
    );
    expect(whole.total_revenue_kobo).toBe(Number(fromJournals!.revenue));
    expect(whole.total_expenses_kobo).toBe(Number(fromJournals!.expenses));
    expect(whole.net_kobo).toBe(whole.total_revenue_kobo - whole.total_expenses_kobo);
    expect(whole.net_kobo).toBe(18_000 - 700);
  });

  it('refuses a missing or backwards period', async () => {
    const missing = await get('/api/admin/ledger/profit-and-loss', { to: D2 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.from).toBeDefined();
    const backwards = await get('/api/admin/ledger/profit-and-loss', { from: D2, to: D1 });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toBeDefined();
  });

  it('is for admins only', async () => {
    const res = await call(t, 'GET', '/api/admin/ledger/profit-and-loss', {
      token: customer.token,
      query: { from: D2, to: D2 },
    });
    expect(res.status).toBe(403);
  });
});
