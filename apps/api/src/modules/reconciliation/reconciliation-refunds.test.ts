import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lagosDay } from '@ruwa/contract/dates';
import { sandboxPaystackRefunds, sandboxPaystackTransactions } from '../../platform/paystack/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { auditLog } from '../audit/schema';
import { ledgerViolations } from '../ledger/service';
import { cardRefunds } from '../payments/schema';
import { checkPaystackDay, SETTLING_MS } from './service';

let t: TestApp;
let admin: Actor;
let location: { id: number };
let product: { id: number };
const PRICE = 400;
const FEE = 200;
const AMOUNT_KOBO = (2 * PRICE + FEE) * 100;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  location = await createLocation(t, admin.token, { delivery_fee: FEE });
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  product = await createProduct(t, admin.token, {
    product_category: water.id,
    locations: [{ id: location.id, product_location_price: PRICE }],
  });
});
afterAll(() => t.close());

const secret = { authorization: 'Bearer sk_test_sandbox' };
const later = () => new Date(Date.now() + SETTLING_MS + 60_000);
const today = () => lagosDay(new Date());
type Row = { id: number; reference: string; kind: string; ours: number | null; theirs: number | null; status: string };
const differences = async (status = 'all') =>
  (await call(t, 'GET', `/api/admin/reconciliation?status=${status}&per_page=100`, { token: admin.token })).body.data
    .data as Row[];
const differencesOf = async (reference: string, status = 'open') =>
  (await differences(status)).filter((row) => row.reference === reference);

/** A card-paid order, cancelled to the card (Paystack is asked after the reply). */
async function cancelledToCard() {
  const customer = await createUser(t);
  const reference = await sandboxCharge(t, { amountKobo: AMOUNT_KOBO, email: customer.user.email });
  const placed = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: product.id,
      location_id: location.id,
      quantity: 2,
      recipient_address: '5 Bourdillon Road, Ikoyi',
      payment_method: 'card',
      transaction_id: reference,
    },
  });
  expect(placed.status).toBe(201);
  const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
    token: customer.token,
    body: { id: placed.body.data.id, refund_to: 'card' },
  });
  expect(cancelled.status).toBe(200);
  return { customer, reference, orderId: placed.body.data.id as number };
}

const refundOf = async (reference: string) =>
  (await t.db.select().from(cardRefunds).where(eq(cardRefunds.transactionReference, reference)))[0];

/** A card-paid order, cancelled to the card, its refund processed by Paystack. */
async function refundedCardOrder() {
  const cancelled = await cancelledToCard();
  await eventually(async () => {
    const row = await refundOf(cancelled.reference);
    return row?.status === 'processed' ? row : undefined;
  });
  return cancelled;
}

describe('the Paystack sandbox lists refunds as GET /refund does', () => {
  it('pages refunds newest first with their transaction reference, and a fully refunded charge reads reversed', async () => {
    const { reference } = await refundedCardOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/refund?perPage=1&page=1',
      headers: secret,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({
      transaction_reference: reference,
      amount: AMOUNT_KOBO,
      status: 'processed',
      currency: 'NGN',
      refund_type: 'full',
    });
    expect(body.meta).toMatchObject({ page: 1, perPage: '1', skipped: 0, failedRefundCount: 0 });
    const listed = await t.ctx.paystack.listRefunds({ from: new Date(Date.now() - 3_600_000), to: new Date() });
    expect(listed.find((refund) => refund.transactionReference === reference)).toMatchObject({
      amountKobo: AMOUNT_KOBO,
      status: 'processed',
    });
    const transactions = await t.ctx.paystack.listTransactions({
      from: new Date(Date.now() - 3_600_000),
      to: new Date(),
    });
    expect(transactions.find((row) => row.reference === reference)?.status).toBe('reversed');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/paystack/refund' })).statusCode).toBe(401);
  });
});

describe('reconciliation with Paystack of refunds to the card', () => {
  it('matches a refunded charge with our payment and our card refund', async () => {
    const { reference } = await refundedCardOrder();
    await checkPaystackDay(t.ctx, today(), later());
    expect(await differencesOf(reference, 'all')).toEqual([]);
  });

  it('finds a refund Paystack made that we have no record of, and clears it against Paystack clearing', async () => {
    const customer = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 150_000, email: customer.user.email });
    const deposit = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: customer.token,
      body: { amount: 1_500, tx_id: reference },
    });
    expect(deposit.status).toBe(200);
    // Refunded from Paystack's dashboard, say: nothing of it reaches our records.
    await t.db.insert(sandboxPaystackRefunds).values({
      transactionReference: reference,
      amountKobo: 50_000,
      status: 'processed',
    });
    await checkPaystackDay(t.ctx, today(), later());
    const [found] = await differencesOf(reference);
    expect(found).toMatchObject({ kind: 'refund_missing_ours', ours: null, theirs: 500 });
    expect(await differencesOf(reference)).toHaveLength(1);

    const cleared = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: {
        id: found!.id,
        reason: 'Refunded from the Paystack dashboard by support; wallet debited by hand.',
        account: '5900',
      },
    });
    expect(cleared.status).toBe(200);
    const journal = await call(t, 'GET', `/api/admin/ledger/journal?reference=recon:${found!.id}`, {
      token: admin.token,
    });
    // Paystack owes us 500 naira less than our books said.
    expect(journal.body.data[0].postings).toEqual(
      expect.arrayContaining([
        { account_code: '1100', account_name: 'Paystack clearing', debit_kobo: 0, credit_kobo: 50_000 },
        { account_code: '5900', account_name: 'Support adjustments', debit_kobo: 50_000, credit_kobo: 0 },
      ]),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('finds a refund we recorded as processed that Paystack does not have, and one of another amount', async () => {
    const vanished = await refundedCardOrder();
    await t.db
      .delete(sandboxPaystackRefunds)
      .where(eq(sandboxPaystackRefunds.transactionReference, vanished.reference));
    await t.db
      .update(sandboxPaystackTransactions)
      .set({ status: 'success' })
      .where(eq(sandboxPaystackTransactions.reference, vanished.reference));
    const differing = await refundedCardOrder();
    await t.db
      .update(sandboxPaystackRefunds)
      .set({ amountKobo: 40_000 })
      .where(eq(sandboxPaystackRefunds.transactionReference, differing.reference));

    await checkPaystackDay(t.ctx, today(), later());
    expect(await differencesOf(vanished.reference)).toEqual([
      expect.objectContaining({ kind: 'refund_missing_theirs', ours: AMOUNT_KOBO / 100, theirs: null }),
    ]);
    expect(await differencesOf(differing.reference)).toEqual([
      expect.objectContaining({ kind: 'refund_amount_differs', ours: AMOUNT_KOBO / 100, theirs: 400 }),
    ]);

    // Paystack's figure corrected: the refund difference is matched, the charge never was one.
    await t.db
      .update(sandboxPaystackRefunds)
      .set({ amountKobo: AMOUNT_KOBO })
      .where(eq(sandboxPaystackRefunds.transactionReference, differing.reference));
    expect((await checkPaystackDay(t.ctx, today(), later())).matched).toBeGreaterThanOrEqual(1);
    expect((await differencesOf(differing.reference, 'matched')).map((row) => row.kind)).toEqual([
      'refund_amount_differs',
    ]);

    const [missing] = await differencesOf(vanished.reference);
    const cleared = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: {
        id: missing!.id,
        reason: 'Paystack reversed the refund; customer contacted and refunded by transfer.',
        account: '5900',
      },
    });
    expect(cleared.status).toBe(200);
    const journal = await call(t, 'GET', `/api/admin/ledger/journal?reference=recon:${missing!.id}`, {
      token: admin.token,
    });
    // Paystack still holds the money our books sent back.
    expect(journal.body.data[0].postings).toEqual(
      expect.arrayContaining([
        { account_code: '1100', account_name: 'Paystack clearing', debit_kobo: AMOUNT_KOBO, credit_kobo: 0 },
        { account_code: '5900', account_name: 'Support adjustments', debit_kobo: 0, credit_kobo: AMOUNT_KOBO },
      ]),
    );
  });
});

describe('card refunds Paystack has not paid out', () => {
  const list = async () =>
    (await call(t, 'GET', '/api/admin/reconciliation/card-refunds?per_page=100', { token: admin.token })).body.data
      .data as {
      id: number;
      transaction_reference: string;
      status: string;
      attempts: number;
      gave_up: boolean;
      last_error: string | null;
    }[];
  const retry = (id: number, token = admin.token) =>
    call(t, 'POST', '/api/admin/reconciliation/card-refunds/retry', { token, body: { id } });
  const ageClaim = (id: number) =>
    t.db
      .update(cardRefunds)
      .set({ requestedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(cardRefunds.id, id));

  it('lists a refund Paystack refused, with its tries and error, and asks again on request (audited)', async () => {
    const spy = vi.spyOn(t.ctx.paystack, 'refund').mockRejectedValueOnce(new Error('Paystack is down'));
    let stuck: Awaited<ReturnType<typeof cancelledToCard>>;
    try {
      stuck = await cancelledToCard();
    } finally {
      spy.mockRestore();
    }
    const row = await refundOf(stuck.reference);
    const listed = (await list()).find((r) => r.transaction_reference === stuck.reference);
    expect(listed).toMatchObject({
      id: row!.id,
      status: 'requested',
      attempts: 1,
      gave_up: false,
      last_error: 'Paystack is down',
    });

    // Asked a moment ago: not again until the claim is minutes old, as the job.
    const early = await retry(row!.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Paystack was asked about this refund minutes ago. Try again shortly.');

    await ageClaim(row!.id);
    const refused = vi.spyOn(t.ctx.paystack, 'refund').mockRejectedValueOnce(new Error('Transaction not found'));
    try {
      const again = await retry(row!.id);
      expect(again.status).toBe(502);
      expect(again.body.message).toBe('Paystack did not accept the refund: Transaction not found');
    } finally {
      refused.mockRestore();
    }
    expect(await refundOf(stuck.reference)).toMatchObject({ status: 'requested', attempts: 2 });

    // The job gave up after its tries; support can still ask.
    await t.db.update(cardRefunds).set({ attempts: 10 }).where(eq(cardRefunds.id, row!.id));
    await ageClaim(row!.id);
    expect((await list()).find((r) => r.id === row!.id)?.gave_up).toBe(true);
    expect((await retry(row!.id, (await createUser(t)).token)).status).toBe(403);
    const accepted = await retry(row!.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Paystack accepted the refund');
    await eventually(async () => ((await refundOf(stuck.reference))?.status === 'processed' ? true : undefined));
    expect((await list()).some((r) => r.id === row!.id)).toBe(false);

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.card_refund_retry'), eq(auditLog.entityId, String(row!.id))));
    expect(audited.map((entry) => (entry.after as { attempts: number }).attempts)).toEqual([2, 11]);
    expect((await retry(row!.id)).status).toBe(404);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
