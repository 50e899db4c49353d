import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '@ruwa/contract/dates';
import { sandboxFaults } from '../../platform/faults/faults';
import { sandboxChargeKobo, SANDBOX_OPENING_FLOAT_NAIRA } from '../../platform/vtu/sandbox-routes';
import { sandboxVtuTransactions } from '../../platform/vtu/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { vtuPurchases } from '../vtu/schema';
import { credit } from '../wallet/service';
import { reconciliationDifferences } from './schema';
import { checkVtuDay, SETTLING_MS } from './service';

let t: TestApp;
let admin: Actor;
let customer: Actor;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 50_000_00,
      type: 'deposit',
      reference: `seed-${customer.user.id}`,
      description: 'test',
    }),
  );
});
afterEach(() => sandboxFaults(t.ctx)?.clearAll());
afterAll(() => t.close());

let phones = 0;
/** Airtime paid from the wallet; numbers ending 0000 fail at the sandbox (and are refunded). */
async function buyAirtime(naira: number, outcome: 'delivered' | 'failed' = 'delivered') {
  phones += 1;
  const phone = outcome === 'failed' ? `0803${String(phones).padStart(3, '0')}0000` : `0803${1_000_000 + phones}`;
  const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
    token: customer.token,
    body: { amount: naira, phone, network_id: 'mtn', payment_method: 'wallet', confirm_duplicate: true },
  });
  expect(res.status).toBe(201);
  expect(res.body.data.status).toBe(outcome === 'failed' ? 'refunded' : 'delivered');
  return { id: res.body.data.id as number, requestId: res.body.data.request_id as string };
}

const later = () => new Date(Date.now() + SETTLING_MS + 60_000);
const today = () => lagosDay(new Date());
const setSandbox = (requestId: string, set: Partial<typeof sandboxVtuTransactions.$inferInsert>) =>
  t.db.update(sandboxVtuTransactions).set(set).where(eq(sandboxVtuTransactions.requestId, requestId));
const vtuDifferences = () =>
  t.db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.provider, 'vtu'));
/** What the sandbox's vends took from its float (face value less its discount), in naira. */
const sandboxSpentNaira = async () =>
  (
    await t.db
      .select({ amount: sandboxVtuTransactions.amountNaira })
      .from(sandboxVtuTransactions)
      .where(inArray(sandboxVtuTransactions.status, ['delivered', 'pending']))
  ).reduce((sum, row) => sum + sandboxChargeKobo(row.amount), 0) / 100;

describe('the VTU sandbox and client: balance and each vend as the provider sees it', () => {
  it('GET /balance answers the float in the VTpass shape, less what was vended at its discount', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/sandbox/vtu/api/balance',
      headers: { 'api-key': t.ctx.config.VTU_API_KEY, 'public-key': t.ctx.config.VTU_PUBLIC_KEY },
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      code: 1,
      contents: { balance: SANDBOX_OPENING_FLOAT_NAIRA - (await sandboxSpentNaira()) },
    });
    await buyAirtime(250);
    await buyAirtime(300, 'failed');
    expect(await t.ctx.vtu.balanceKobo()).toBe(Math.round(before.json().contents.balance * 100) - 242_50);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/vtu/api/balance' })).statusCode).toBe(401);
  });

  it('looks each vend up by request id: delivered, failed, unknown, with its amount', async () => {
    const delivered = await buyAirtime(120);
    const failed = await buyAirtime(130, 'failed');
    const seen = await t.ctx.vtu.vendsByRequestId([delivered.requestId, failed.requestId, '202611270000nothere']);
    expect(seen.get(delivered.requestId)).toEqual({
      requestId: delivered.requestId,
      status: 'delivered',
      amountKobo: 120_00,
    });
    expect(seen.get(failed.requestId)).toMatchObject({ status: 'failed', amountKobo: 130_00 });
    expect(seen.get('202611270000nothere')).toMatchObject({ status: 'unknown', amountKobo: null });
  });

  it('leaves out a vend the provider gave no answer about, and says when it gave none at all', async () => {
    const vend = await buyAirtime(140);
    sandboxFaults(t.ctx)!.set('vtu', 'error_5xx');
    expect((await t.ctx.vtu.vendsByRequestId([vend.requestId])).size).toBe(0);
    await expect(checkVtuDay(t.ctx, today(), later())).rejects.toMatchObject({ kind: 'bad_gateway' });
    const run = await call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: {} });
    expect(run.status).toBe(502);
  });
});

describe('reconciliation with the VTU provider', () => {
  it('a day where both sides agree gives no differences', async () => {
    await buyAirtime(200);
    await buyAirtime(210, 'failed');
    // A bundle we sell above the provider's price: its amounts differ by design.
    const bundle = (await call(t, 'GET', '/api/data-bundles', { token: customer.token, query: { network: 'glo' } }))
      .body.data[0];
    const repriced = await call(t, 'POST', '/api/admin/data-bundles/update', {
      token: admin.token,
      body: { id: bundle.id, price: bundle.price + 50 },
    });
    expect(repriced.status).toBe(200);
    const data = await call(t, 'POST', '/api/product-order/buy/data', {
      token: customer.token,
      body: {
        phone: '08051234567',
        network_id: 'glo',
        variation_id: bundle.id,
        price: bundle.price + 50,
        payment_method: 'wallet',
      },
    });
    expect(data.body.data.status).toBe('delivered');
    const [vended] = await t.db
      .select()
      .from(sandboxVtuTransactions)
      .where(eq(sandboxVtuTransactions.requestId, data.body.data.request_id));
    expect(vended!.amountNaira).toBe(bundle.price);
    const checked = await checkVtuDay(t.ctx, today(), later());
    expect(checked).toMatchObject({ provider: 'vtu', day: today(), open: 0, matched: 0 });
    expect(checked.checked).toBeGreaterThanOrEqual(2);
    expect(checked.waiting).toBe(0);
    // Too fresh to judge: the requery job may still settle these, and the check says it waited.
    const fresh = await checkVtuDay(t.ctx, today());
    expect(fresh.checked).toBe(0);
    expect(fresh.waiting).toBe(checked.checked);
    expect(await vtuDifferences()).toEqual([]);
  });

  it('finds what differs once, matches what later agrees, and clears against the VTU float', async () => {
    // Refunded here, delivered there: the provider answered "failed", then delivered after all.
    const refunded = await buyAirtime(500, 'failed');
    await setSandbox(refunded.requestId, { status: 'delivered' });
    // Delivered there, marked failed here (by hand, or a bug).
    const markedFailed = await buyAirtime(400);
    await t.db.update(vtuPurchases).set({ status: 'failed' }).where(eq(vtuPurchases.id, markedFailed.id));
    // Delivered here, failed there.
    const undelivered = await buyAirtime(350);
    await setSandbox(undelivered.requestId, { status: 'failed' });
    // Both delivered, at different amounts.
    const differing = await buyAirtime(600);
    await setSandbox(differing.requestId, { amountNaira: 650 });
    const agreed = await buyAirtime(700);

    const first = await checkVtuDay(t.ctx, today(), later());
    expect(first.open).toBe(4);
    const rows = await vtuDifferences();
    const byReference = new Map(rows.map((row) => [row.reference, row]));
    expect(byReference.get(refunded.requestId)).toMatchObject({
      kind: 'missing_ours',
      oursKobo: null,
      theirsKobo: 500_00,
      status: 'open',
    });
    expect(byReference.get(markedFailed.requestId)).toMatchObject({ kind: 'missing_ours', theirsKobo: 400_00 });
    expect(byReference.get(undelivered.requestId)).toMatchObject({
      kind: 'missing_theirs',
      oursKobo: 350_00,
      theirsKobo: null,
    });
    expect(byReference.get(differing.requestId)).toMatchObject({
      kind: 'amount_differs',
      oursKobo: 600_00,
      theirsKobo: 650_00,
    });
    expect(byReference.has(agreed.requestId)).toBe(false);

    // Checked again: the same rows, no more.
    expect((await checkVtuDay(t.ctx, today(), later())).open).toBe(4);
    expect(await vtuDifferences()).toHaveLength(4);

    // The admin list shows the provider of each.
    const listed = await call(t, 'GET', '/api/admin/reconciliation?status=open&per_page=100', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.data.find((row: { reference: string }) => row.reference === refunded.requestId),
    ).toMatchObject({ provider: 'vtu', kind: 'missing_ours', ours: null, theirs: 500 });

    // The provider's figure corrected: the next check finds them agreeing.
    await setSandbox(differing.requestId, { amountNaira: 600 });
    expect((await checkVtuDay(t.ctx, today(), later())).matched).toBe(1);
    const [matched] = await t.db
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.reference, differing.requestId));
    expect(matched!.status).toBe('matched');

    // Clearing the vend we refunded but the provider delivered: the float paid for it.
    const floatBefore = await floatAccount();
    const target = byReference.get(refunded.requestId)!;
    const reason = 'Provider delivered after answering failed; customer kept the refund.';
    const cleared = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: target.id, reason },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ provider: 'vtu', status: 'cleared', reason });
    const journal = await call(t, 'GET', `/api/admin/ledger/journal?reference=recon:${target.id}`, {
      token: admin.token,
    });
    expect(journal.body.data).toEqual([
      expect.objectContaining({
        kind: 'reconciliation_adjustment',
        postings: expect.arrayContaining([
          { account_code: '1300', account_name: 'VTU provider float', debit_kobo: 0, credit_kobo: 500_00 },
          {
            account_code: '1900',
            account_name: 'Suspense (unexplained differences)',
            debit_kobo: 500_00,
            credit_kobo: 0,
          },
        ]),
      }),
    ]);
    expect(journal.body.data[0].postings).toHaveLength(2);
    expect(await floatAccount()).toBe(floatBefore - 500);

    // Delivered here, failed there: the provider still holds that money, so clearing adds it back.
    const undeliveredRow = byReference.get(undelivered.requestId)!;
    await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: undeliveredRow.id, reason: 'Customer confirmed no airtime; refund handled by support.' },
    });
    expect(await floatAccount()).toBe(floatBefore - 500 + 350);

    // A later check finds the same gap but never reopens what an admin cleared.
    await checkVtuDay(t.ctx, today(), later());
    const [still] = await t.db
      .select()
      .from(reconciliationDifferences)
      .where(and(eq(reconciliationDifferences.id, target.id)));
    expect(still!.status).toBe('cleared');
    expect(await vtuDifferences()).toHaveLength(4);
  });

  it("the float check shows the provider's balance, the VTU float account and the difference", async () => {
    const res = await call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.map((row: { provider: string }) => row.provider)).toEqual([
      'paystack',
      'paystack',
      'vtu',
      'vtu',
    ]);
    const float = await call(t, 'GET', '/api/admin/reconciliation/float', { token: admin.token });
    expect(float.status).toBe(200);
    const theirs = SANDBOX_OPENING_FLOAT_NAIRA - (await sandboxSpentNaira());
    const ours = await floatAccount();
    expect(float.body.data).toMatchObject({ theirs, ours, difference: theirs - ours });
    expect(Date.now() - Date.parse(float.body.data.checked_at)).toBeLessThan(60_000);
    expect((await call(t, 'GET', '/api/admin/reconciliation/float', { token: customer.token })).status).toBe(403);
  });
});

/** The VTU float account's balance in naira, as the trial balance shows it. */
async function floatAccount() {
  const trial = await call(t, 'GET', '/api/admin/ledger/trial-balance', { token: admin.token });
  const line = trial.body.data.accounts.find((account: { code: string }) => account.code === '1300');
  return (line?.balance_kobo ?? 0) / 100;
}
