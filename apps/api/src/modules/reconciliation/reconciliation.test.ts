import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '@ruwa/contract/dates';
import { paystackFeeKobo, sandboxSettlements } from '../../platform/paystack/sandbox-routes';
import { sandboxPaystackTransactions } from '../../platform/paystack/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { sandboxCharge } from '../../../test/helpers/payments';
import { auditLog } from '../audit/schema';
import { payments } from '../payments/schema';
import { checkPaystackDay, describeChecks, SETTLING_MS } from './service';

let t: TestApp;
let admin: Actor;
let customer: Actor;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  customer = await createUser(t);
});
afterAll(() => t.close());

/** A card deposit as the customer makes it: charged at Paystack, then recorded by us. */
async function cardDeposit(naira: number) {
  const reference = await sandboxCharge(t, { amountKobo: naira * 100, email: customer.user.email });
  const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: customer.token,
    body: { amount: naira, tx_id: reference },
  });
  expect(res.status).toBe(200);
  return reference;
}

const secret = { authorization: 'Bearer sk_test_sandbox' };
/** Past the settling time, so the charges made just now count. */
const later = () => new Date(Date.now() + SETTLING_MS + 60_000);
const today = () => lagosDay(new Date());
const differences = async (status = 'all') =>
  (await call(t, 'GET', `/api/admin/reconciliation?status=${status}&per_page=100`, { token: admin.token })).body.data
    .data as {
    id: number;
    reference: string;
    kind: string;
    ours: number | null;
    theirs: number | null;
    status: string;
  }[];

describe('the Paystack sandbox lists transactions and settlements in Paystack shapes', () => {
  it('GET /transaction pages newest first with meta, filtered by status and time', async () => {
    const first = await sandboxCharge(t, { amountKobo: 10_000, email: customer.user.email });
    const second = await sandboxCharge(t, { amountKobo: 20_000, email: customer.user.email, outcome: 'failed' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/transaction?perPage=1&page=1',
      headers: secret,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.status).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      reference: second,
      status: 'failed',
      amount: 20_000,
      currency: 'NGN',
      channel: 'card',
    });
    expect(body.meta).toMatchObject({ perPage: 1, page: 1, skipped: 0 });
    expect(body.meta.pageCount).toBe(body.meta.total);
    const paid = await t.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/transaction?status=success&perPage=100',
      headers: secret,
    });
    const references = paid.json().data.map((row: { reference: string }) => row.reference);
    expect(references).toContain(first);
    expect(references).not.toContain(second);
    const future = await t.app.inject({
      method: 'GET',
      url: `/sandbox/paystack/transaction?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      headers: secret,
    });
    expect(future.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/paystack/transaction' })).statusCode).toBe(401);
  });

  it("settles each Lagos day's charges the next day, less Paystack's fee", () => {
    expect(paystackFeeKobo(100_000)).toBe(1_500);
    expect(paystackFeeKobo(250_000)).toBe(13_750);
    expect(paystackFeeKobo(50_000_000)).toBe(200_000);
    const settlements = sandboxSettlements(
      [
        { amountKobo: 100_000, paidAt: new Date('2026-11-20T10:00:00+01:00') },
        { amountKobo: 250_000, paidAt: new Date('2026-11-20T23:30:00+01:00') },
        { amountKobo: 100_000, paidAt: new Date('2026-11-21T00:30:00+01:00') },
      ],
      new Date('2026-11-21T12:00:00+01:00'),
    );
    expect(settlements.map((s) => [s.charges_day, s.status, s.total_amount, s.total_fees, s.effective_amount])).toEqual(
      [
        ['2026-11-21', 'pending', 100_000, 1_500, 98_500],
        ['2026-11-20', 'success', 350_000, 15_250, 334_750],
      ],
    );
  });

  it('the client reads every page of GET /transaction and GET /settlement', async () => {
    const reference = await cardDeposit(700);
    const listed = await t.ctx.paystack.listTransactions({ from: new Date(Date.now() - 3_600_000), to: new Date() });
    expect(listed.find((row) => row.reference === reference)).toMatchObject({ status: 'success', amountKobo: 70_000 });
    const settlements = await t.ctx.paystack.listSettlements();
    expect(settlements[0]).toMatchObject({ status: 'pending' });
    expect(settlements[0]!.totalKobo - settlements[0]!.feesKobo).toBe(settlements[0]!.effectiveKobo);
  });
});

describe('reconciliation with Paystack', () => {
  it('lists what differs, once, marks what later agrees as matched, and is cleared only with a reason', async () => {
    const agreed = await cardDeposit(1_000);
    // Paid at Paystack, never recorded by us (the browser and the webhook both failed us).
    const unrecorded = await sandboxCharge(t, { amountKobo: 300_000, email: customer.user.email });
    // Recorded by us as paid, unknown to Paystack.
    const [phantom] = await t.db
      .insert(payments)
      .values({
        reference: `PHANTOM_${Date.now()}`,
        userId: customer.user.id,
        purpose: 'deposit',
        amountKobo: 50_000,
        status: 'success',
        verifiedAt: new Date(),
      })
      .returning();
    // Paystack reports another amount than we recorded.
    const differing = await cardDeposit(2_000);
    await t.db
      .update(sandboxPaystackTransactions)
      .set({ amountKobo: 150_000 })
      .where(eq(sandboxPaystackTransactions.reference, differing));

    // Too fresh to judge: the payment job may still finish these, and the check says it waited.
    const fresh = await checkPaystackDay(t.ctx, today());
    expect(fresh).toMatchObject({ open: 0, checked: 0 });
    expect(fresh.waiting).toBeGreaterThanOrEqual(4);

    const run = await call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: {} });
    expect(run.status).toBe(200);
    // Nothing compared yet is said as such, never as everything matching.
    expect(run.body.message).toMatch(
      /^0 payments compared, \d+ younger than 30 minutes or pending waiting: nothing to compare yet$/,
    );
    const checked = await checkPaystackDay(t.ctx, today(), later());
    // (The sandbox charges of the tests above that nobody recorded are differences too.)
    expect(checked.open).toBeGreaterThanOrEqual(3);
    expect(checked).toMatchObject({ waiting: 0 });
    expect(checked.checked).toBeGreaterThanOrEqual(4);
    const found = (await differences('open')).length;
    expect(found).toBe(checked.open);
    await checkPaystackDay(t.ctx, today(), later());
    expect((await differences('open')).length).toBe(found);

    const open = await differences('open');
    const byReference = new Map(open.map((row) => [row.reference, row]));
    expect(byReference.get(unrecorded)).toMatchObject({ kind: 'missing_ours', ours: null, theirs: 3_000 });
    expect(byReference.get(phantom!.reference)).toMatchObject({ kind: 'missing_theirs', ours: 500, theirs: null });
    expect(byReference.get(differing)).toMatchObject({ kind: 'amount_differs', ours: 2_000, theirs: 1_500 });
    expect(byReference.has(agreed)).toBe(false);
    expect(open.filter((row) => [unrecorded, phantom!.reference, differing].includes(row.reference))).toHaveLength(3);

    // Paystack's figure corrected: the next check finds them agreeing.
    await t.db
      .update(sandboxPaystackTransactions)
      .set({ amountKobo: 200_000 })
      .where(eq(sandboxPaystackTransactions.reference, differing));
    expect((await checkPaystackDay(t.ctx, today(), later())).matched).toBe(1);
    expect((await differences('matched')).map((row) => row.reference)).toContain(differing);

    const target = byReference.get(phantom!.reference)!;
    const short = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: target.id, reason: 'ok' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.reason).toEqual(['Write at least 10 characters: what was found and what was done.']);
    const reason = 'Test payment inserted by support by mistake; no money moved.';
    const cleared = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: target.id, reason },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      status: 'cleared',
      reason,
      cleared_by: { id: admin.user.id, email: admin.user.email },
    });
    const again = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: target.id, reason },
    });
    expect(again.status).toBe(409);
    // The books follow Paystack's figure: the 500 naira we recorded leaves Paystack clearing.
    const journal = await call(t, 'GET', `/api/admin/ledger/journal?reference=recon:${target.id}`, {
      token: admin.token,
    });
    expect(journal.status).toBe(200);
    expect(journal.body.data).toEqual([
      expect.objectContaining({
        reference: `recon:${target.id}`,
        kind: 'reconciliation_adjustment',
        postings: expect.arrayContaining([
          { account_code: '1100', account_name: 'Paystack clearing', debit_kobo: 0, credit_kobo: 50_000 },
          {
            account_code: '1900',
            account_name: 'Suspense (unexplained differences)',
            debit_kobo: 50_000,
            credit_kobo: 0,
          },
        ]),
      }),
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.clear'), eq(auditLog.entityId, String(target.id))));
    expect(audited).toHaveLength(1);

    // A later check finds the same gap but never reopens what an admin cleared.
    await checkPaystackDay(t.ctx, today(), later());
    expect((await differences('cleared')).find((row) => row.id === target.id)?.status).toBe('cleared');
    expect((await differences('open')).map((row) => row.reference)).not.toContain(phantom!.reference);

    const missing = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: 999_999, reason },
    });
    expect(missing.status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await call(t, 'GET', '/api/admin/reconciliation', { token: customer.token })).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/reconciliation/run', { token: customer.token, body: {} })).status).toBe(
      403,
    );
  });
});

describe('a past day', () => {
  it('a test charge may be backdated with paid_at, and a check of that Lagos day judges it', async () => {
    const paidAt = new Date(Date.now() - 2 * 24 * 3_600_000);
    const reference = `T_BACKDATED_${Date.now()}`;
    const res = await call(t, 'POST', '/sandbox/paystack/test/charge', {
      body: { reference, email: customer.user.email, amount: 420_000, paid_at: paidAt.toISOString() },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(sandboxPaystackTransactions)
      .where(eq(sandboxPaystackTransactions.reference, reference));
    expect([row!.createdAt.getTime(), row!.paidAt!.getTime()]).toEqual([paidAt.getTime(), paidAt.getTime()]);
    await checkPaystackDay(t.ctx, lagosDay(paidAt));
    expect((await differences('open')).find((d) => d.reference === reference)).toMatchObject({
      kind: 'missing_ours',
      theirs: 4_200,
    });
  });
});

describe('what a run of checks says', () => {
  const check = (checked: number, waiting: number, open: number) =>
    ({ provider: 'paystack', day: '2026-12-01', checked, waiting, open, matched: 0 }) as const;

  it('names what it compared, what waits, and what it found', () => {
    expect(describeChecks([check(0, 0, 0), check(0, 0, 0)])).toBe(
      'Nothing to compare: no payments, refunds or vends on these days',
    );
    expect(describeChecks([check(0, 2, 0)])).toBe(
      '0 payments compared, 2 younger than 30 minutes or pending waiting: nothing to compare yet',
    );
    expect(describeChecks([check(11, 0, 0), check(1, 0, 0)])).toBe('12 payments compared: everything matches');
    expect(describeChecks([check(1, 1, 1)])).toBe(
      '1 payment compared, 1 younger than 30 minutes or pending waiting: 1 difference found',
    );
    expect(describeChecks([check(5, 0, 2), check(3, 0, 1)])).toBe('8 payments compared: 3 differences found');
  });
});
