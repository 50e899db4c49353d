import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_BUNDLE_SEED } from '@ruwa/contract';
import { sandboxChargeKobo, SANDBOX_OPENING_FLOAT_NAIRA } from '../../platform/vtu/sandbox-routes';
import { sandboxVtuTransactions } from '../../platform/vtu/schema';
import { seedDemoIfEmpty } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { auditLog } from '../audit/schema';
import { ledgerJournals } from '../ledger/schema';
import { ledgerViolations, platformBalanceKobo } from '../ledger/service';
import { credit } from '../wallet/service';

let t: TestApp;
let admin: Actor;
let customer: Actor;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  // A fresh `npm start`: the demo seed opens the books with the sandbox's starting float.
  expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
  admin = await createAdmin(t);
  customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 50_000_00,
      type: 'adjustment',
      reference: `seed-${customer.user.id}`,
      description: 'test',
    }),
  );
});
afterAll(() => t.close());

let phones = 0;
async function buy(kind: 'airtime' | 'data', outcome: 'delivered' | 'failed' = 'delivered') {
  phones += 1;
  const phone = outcome === 'failed' ? `0803${String(phones).padStart(3, '0')}0000` : `0803${2_000_000 + phones}`;
  let body: Record<string, unknown> = { amount: 250, phone, network_id: 'mtn', payment_method: 'wallet' };
  if (kind === 'data') {
    const bundle = (
      await call(t, 'GET', '/api/data-bundles', { token: customer.token, query: { network: 'mtn' } })
    ).body.data.find((b: { name: string }) => b.name === '1GB 30 days');
    body = { phone, network_id: 'mtn', variation_id: bundle.id, price: bundle.price, payment_method: 'wallet' };
  }
  const res = await call(t, 'POST', `/api/product-order/buy/${kind}`, {
    token: customer.token,
    body: { ...body, confirm_duplicate: true },
  });
  expect(res.status).toBe(201);
  expect(res.body.data.status).toBe(outcome === 'failed' ? 'refunded' : 'delivered');
  return res.body.data.request_id as string;
}

const float = () => platformBalanceKobo(t.db, '1300');
const costJournals = (reference: string) =>
  t.db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.kind, 'vtu_cost'), eq(ledgerJournals.reference, reference)));
const topUp = (body: Record<string, unknown>, token = admin.token) =>
  call(t, 'POST', '/api/admin/reconciliation/float/top-up', { token, body });

describe('the VTU float follows the provider', () => {
  it('opens with the sandbox float, and a fresh float check reads no difference', async () => {
    expect(await float()).toBe(SANDBOX_OPENING_FLOAT_NAIRA * 100);
    const run = await call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: {} });
    expect(run.status).toBe(200);
    const checked = await call(t, 'GET', '/api/admin/reconciliation/float', { token: admin.token });
    expect(checked.body.data).toMatchObject({ theirs: SANDBOX_OPENING_FLOAT_NAIRA, difference: 0 });
  });

  it('each delivered vend takes what the provider charged out of the float, once; a failed one nothing', async () => {
    const before = await float();
    const airtime = await buy('airtime');
    const cost = sandboxChargeKobo(250);
    // The sandbox's 3% discount: N250 of airtime costs N242.50.
    expect(cost).toBe(242_50);
    expect(await float()).toBe(before - cost);
    const [journal] = await costJournals(airtime);
    expect(journal).toBeDefined();
    const postings = await call(t, 'GET', `/api/admin/ledger/journal?reference=${airtime}`, { token: admin.token });
    expect(postings.body.data.find((j: { kind: string }) => j.kind === 'vtu_cost').postings).toEqual(
      expect.arrayContaining([
        { account_code: '1300', account_name: 'VTU provider float', debit_kobo: 0, credit_kobo: cost },
        { account_code: '5300', account_name: 'VTU cost of sales', debit_kobo: cost, credit_kobo: 0 },
      ]),
    );

    // A data bundle costs what the provider charges for it, whatever our price.
    const data = await buy('data');
    const [vend] = await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.requestId, data));
    const seeded = DATA_BUNDLE_SEED.find((b) => b.variation_code === vend!.variationCode)!;
    expect(await float()).toBe(before - cost - sandboxChargeKobo(seeded.price));

    const failed = await buy('airtime', 'failed');
    expect(await costJournals(failed)).toEqual([]);
    expect(await float()).toBe(before - cost - sandboxChargeKobo(seeded.price));
    expect(await ledgerViolations(t.db)).toEqual([]);

    const run = await call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: {} });
    expect(run.status).toBe(200);
    const checked = await call(t, 'GET', '/api/admin/reconciliation/float', { token: admin.token });
    expect(checked.body.data.difference).toBe(0);
    expect(checked.body.data.ours).toBe((before - cost - sandboxChargeKobo(seeded.price)) / 100);
  });

  it('an admin records a top-up from the Paystack balance, once per reference, audited', async () => {
    const bad = await topUp({ amount: 0, reason: 'short' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.amount).toEqual(['The amount must be greater than 0.']);
    expect(bad.body.errors.reason).toEqual(['Write at least 10 characters: when it was sent and from where.']);
    expect((await topUp({ amount: 1_000, reason: 'Transfer to VTpass' }, customer.token)).status).toBe(403);

    const before = await float();
    const paystackBalance = await platformBalanceKobo(t.db, '1200');
    const reference = randomUUID();
    const body = { amount: 50_000, reason: 'Bank transfer to VTpass wallet, 27 Nov', reference };
    const [first, second] = await Promise.all([topUp(body), topUp(body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data).toMatchObject({ reference: `float-top-up:${reference}`, amount: 50_000 });
    expect(first.body.message).toBe('Float top-up recorded');
    expect(await float()).toBe(before + 50_000_00);
    expect(await platformBalanceKobo(t.db, '1200')).toBe(paystackBalance - 50_000_00);
    // The sandbox provider does not see money we send it: the books now hold more than it reports.
    expect(first.body.data.float ?? second.body.data.float).toMatchObject({ difference: -50_000 });

    const reused = await topUp({ ...body, amount: 60_000 });
    expect(reused.status).toBe(409);
    expect(await float()).toBe(before + 50_000_00);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'reconciliation.float_top_up'), eq(auditLog.entityId, `float-top-up:${reference}`)),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ amount_kobo: 50_000_00, reason: body.reason });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
