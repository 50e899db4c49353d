import { lagosDay, addDaysTo } from '@ruwa/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { fundWallet } from '../../../test/helpers/wallet';
import { ledgerEntries, wallets } from '../wallet/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const statement = (actor: Actor, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/wallet/statement',
    query,
    headers: { authorization: `Bearer ${actor.token}` },
  });

const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;

/** Moves this customer's wallet movements so far to `daysAgo` Lagos days before today, at noon. */
async function backdate(actor: Actor, daysAgo: number) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id));
  await t.db
    .update(ledgerEntries)
    .set({ createdAt: new Date(`${addDaysTo(lagosDay(), -daysAgo)}T12:00:00+01:00`) })
    .where(and(eq(ledgerEntries.walletId, wallet!.id)));
}

const csvRows = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('GET /api/wallet/statement', () => {
  it('opens, lists every movement of the period and closes on the balance the wallet shows', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 5000);
    await backdate(actor, 3);
    await fundWallet(t, actor, 1500.5);
    const moved = await call(t, 'POST', '/api/wallet/savings/deposit', { token: actor.token, body: { amount: 700 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const today = lagosDay();

    const res = await statement(actor, { from: today, to: today, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ruwa-statement-${today}-to-${today}.csv"`);
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual([
      'date_lagos',
      'time_lagos',
      'transaction_id',
      'type',
      'description',
      'status',
      'money_in_naira',
      'money_out_naira',
      'balance_naira',
    ]);
    const opening = rows[1]!;
    const closing = rows.at(-1)!;
    const movements = rows.slice(2, -1);
    expect(opening.slice(3)).toEqual(['opening_balance', 'Opening balance', '', '', '', '5000.00']);
    expect(movements.map((row) => [row[3], row[6], row[7], row[8]])).toEqual([
      ['deposit', '1500.50', '', '6500.50'],
      ['savings', '', '700.00', '5800.50'],
    ]);
    expect(closing.slice(3)).toEqual(['closing_balance', 'Closing balance', '', '', '', '5800.50']);
    // Opening plus every movement is the closing balance, which is the balance now.
    const sum = movements.reduce(
      (kobo, row) => kobo + Math.round(Number(row[6] || 0) * 100) - Math.round(Number(row[7] || 0) * 100),
      0,
    );
    expect(Math.round(Number(opening[8]) * 100) + sum).toBe(Math.round(Number(closing[8]) * 100));
    expect(Number(closing[8])).toBe(await balanceOf(actor));

    // The days before: nothing at the start, the first deposit in the period.
    const before = csvRows(
      (await statement(actor, { from: addDaysTo(today, -10), to: addDaysTo(today, -1), format: 'csv' })).body,
    );
    expect(before[1]![8]).toBe('0.00');
    expect(before.slice(2, -1).map((row) => [row[0], row[6]])).toEqual([[addDaysTo(today, -3), '5000.00']]);
    expect(before.at(-1)![8]).toBe('5000.00');
  });

  it("is the customer's own: another customer's movements never appear", async () => {
    const actor = await createUser(t);
    const other = await createUser(t);
    await fundWallet(t, other, 900);
    const today = lagosDay();
    const rows = csvRows((await statement(actor, { from: today, to: today })).body);
    expect(rows.map((row) => row[3])).toEqual(['type', 'opening_balance', 'closing_balance']);
  });

  it('gives the same period as a PDF', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 2500);
    const today = lagosDay();
    const res = await statement(actor, { from: addDaysTo(today, -30), to: today, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ruwa-statement-${addDaysTo(today, -30)}-to-${today}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(5_000);
  });

  it('refuses a bad period with the field (422)', async () => {
    const actor = await createUser(t);
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-13-01', to: '2026-12-01' }, 'from'],
      [{ from: '01/12/2026', to: '2026-12-01' }, 'from'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-12-01' }, 'to'],
      [{ from: '2026-12-02', to: '2026-12-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
      [{ from: '2026-12-01', to: '2026-12-01', format: 'xls' }, 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await statement(actor, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().errors, JSON.stringify(query)).toHaveProperty([field]);
    }
    // A full leap year is one statement.
    expect((await statement(actor, { from: '2024-01-01', to: '2024-12-31' })).statusCode).toBe(200);
  });
});
