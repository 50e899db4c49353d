import { and, eq } from 'drizzle-orm';
import { lagosDay } from '@ruwa/contract/dates';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { journalLines, moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { fundWallet } from '../../../test/helpers/wallet';
import { SANDBOX_METERS } from '../../platform/vtu/sandbox-bills';
import { sandboxChargeKobo } from '../../platform/vtu/sandbox-float';
import { sandboxVtuTransactions } from '../../platform/vtu/schema';
import { ledgerViolations } from '../ledger/service';
import { cardRefunds } from '../payments/schema';
import { ledgerEntries } from '../wallet/schema';
import { vtuPurchases } from './schema';
import { checkVtuDay, SETTLING_MS } from '../reconciliation/service';
import { reconciliationDifferences } from '../reconciliation/schema';
import { requeryPending } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const PIN = '2580';
const PHONE = '08031234567';

async function customer(naira = 0, pin = true) {
  const actor = await createUser(t);
  if (naira) await fundWallet(t, actor, naira);
  if (pin) {
    const res = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: PIN, password: actor.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return actor;
}

const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;

const verify = (actor: Actor, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/bills/verify', { token: actor.token, body });

const pay = (actor: Actor, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/bills/pay', {
    token: actor.token,
    body: { service_id: 'ikeja-electric', type: 'prepaid', phone: PHONE, payment_method: 'wallet', pin: PIN, ...body },
  });

const refundEntries = async (id: number) =>
  (
    await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `vtu:${id}`))
  ).map((e) => [e.type, Number(e.amountKobo)]);

async function expectBooksBalanced() {
  expect(await ledgerViolations(t.db)).toEqual([]);
  expect(await moneyViolations(t.db)).toEqual([]);
}

describe('billers and meters', () => {
  it('lists the twelve DisCos with the least and most one payment may be', async () => {
    const actor = await customer(0, false);
    const res = await call(t, 'GET', '/api/bills/services', { token: actor.token, query: { category: 'electricity' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toEqual({
      service_id: 'ikeja-electric',
      name: 'Ikeja Electric (IKEDC)',
      category: 'electricity',
      min_amount_kobo: 1_000_00,
      max_amount_kobo: 500_000_00,
      enabled: true,
    });
    expect(
      (await call(t, 'GET', '/api/bills/services', { token: actor.token, query: { category: 'tv' } })).status,
    ).toBe(422);
  });

  it('verifies a meter with the provider (name and address); an unknown one is a 422 on billers_code', async () => {
    const actor = await customer(0, false);
    const prepaid = await verify(actor, {
      service_id: 'ikeja-electric',
      billers_code: SANDBOX_METERS.prepaid,
      type: 'prepaid',
    });
    expect(prepaid.status).toBe(200);
    expect(prepaid.body.data).toEqual({ customer_name: 'TESTMETER1', address: 'ABULE - ABULE', meter_type: 'prepaid' });
    const postpaid = await verify(actor, {
      service_id: 'eko-electric',
      billers_code: SANDBOX_METERS.postpaid,
      type: 'postpaid',
    });
    expect(postpaid.body.data).toMatchObject({ customer_name: 'TESTMETER2', meter_type: 'postpaid' });

    const unknown = await verify(actor, { service_id: 'ikeja-electric', billers_code: '12345678901', type: 'prepaid' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.billers_code[0]).toMatch(/could not find this meter/);
    const badInput = await verify(actor, { service_id: 'lagos-water', billers_code: '12', type: 'smart' });
    expect(badInput.status).toBe(422);
    expect(Object.keys(badInput.body.errors).sort()).toEqual(['billers_code', 'service_id', 'type']);
    expect((await call(t, 'POST', '/api/bills/verify', { body: { service_id: 'ikeja-electric' } })).status).toBe(401);
  });
});

describe('paying electricity', () => {
  it('a prepaid meter paid from the wallet gets its token: on screen, in the detail, on the receipt and by SMS', async () => {
    const actor = await customer(10_000);
    const res = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 5_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const bill = res.body.data;
    expect(bill).toMatchObject({
      reference: `VTU-${bill.id}`,
      category: 'electricity',
      service_id: 'ikeja-electric',
      service_name: 'Ikeja Electric (IKEDC)',
      billers_code: SANDBOX_METERS.prepaid,
      meter_type: 'prepaid',
      customer_name: 'TESTMETER1',
      address: 'ABULE - ABULE',
      status: 'delivered',
      amount_kobo: 5_000_00,
      payment_method: 'wallet',
      units: '23.8 kWh',
    });
    expect(bill.token).toMatch(/^\d{20}$/);
    expect(await balanceOf(actor)).toBe(5_000);

    const shown = await call(t, 'GET', '/api/bills/show', { token: actor.token, query: { reference: bill.reference } });
    expect(shown.body.data).toEqual(bill);
    const mine = await call(t, 'GET', '/api/bills/me', { token: actor.token });
    expect(mine.body.data.data.map((b: { id: number }) => b.id)).toEqual([bill.id]);
    // Bills are not airtime: the airtime and data list and detail keep to their own shape.
    expect((await call(t, 'GET', '/api/vtu/me', { token: actor.token })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/vtu/show', { token: actor.token, query: { id: bill.id } })).status).toBe(404);

    const receipt = await call(t, 'GET', '/api/receipts/show', {
      token: actor.token,
      query: { reference: bill.reference },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      kind: 'electricity',
      title: 'Electricity',
      status_label: 'Delivered',
      amount: 5_000,
    });
    const grouped = bill.token.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(receipt.body.data.lines).toEqual(
      expect.arrayContaining([
        { label: 'Meter number', value: SANDBOX_METERS.prepaid },
        { label: 'Meter name', value: 'TESTMETER1' },
        { label: 'Token', value: grouped },
        { label: 'Units', value: '23.8 kWh' },
      ]),
    );

    const sms = await eventually(async () => {
      const list = (await call(t, 'GET', '/sandbox/sms/messages')).body as { to: string; text: string }[];
      return list.find((m) => m.text.includes(bill.token));
    });
    expect(sms.to).toBe('2348031234567');
    expect(sms.text).toContain(`Ref ${bill.reference}`);

    // Someone else's bill is not there for them.
    const other = await customer(0, false);
    expect(
      (await call(t, 'GET', '/api/bills/show', { token: other.token, query: { reference: bill.reference } })).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', '/api/receipts/show', { token: other.token, query: { reference: bill.reference } })).status,
    ).toBe(404);
  });

  it('posts a balanced journal: the sale, the provider’s cost at face value, and the commission it earned us', async () => {
    const actor = await customer(10_000);
    const res = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 4_000 });
    expect(res.body.data.status).toBe('delivered');
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    const chargeKobo = sandboxChargeKobo(4_000);
    expect(await journalLines(t.db, row!.requestId, 'bill_cost')).toEqual({
      '5300': 4_000_00,
      '1300': -chargeKobo,
      '4210': -(4_000_00 - chargeKobo),
    });
    expect(await journalLines(t.db, row!.paymentReference, 'purchase')).toMatchObject({ '4200': -4_000_00 });
    await expectBooksBalanced();
  });

  it('pays a postpaid meter by card: delivered, no token', async () => {
    const actor = await customer(0, false);
    const reference = await sandboxCharge(t, { amountKobo: 2_500_00, email: actor.user.email });
    const body = {
      service_id: 'eko-electric',
      billers_code: SANDBOX_METERS.postpaid,
      type: 'postpaid',
      amount: 2_500,
      phone: PHONE,
      payment_method: 'card',
      transaction_id: reference,
    };
    const res = await call(t, 'POST', '/api/bills/pay', { token: actor.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'delivered', token: null, units: null, customer_name: 'TESTMETER2' });
    const replay = await call(t, 'POST', '/api/bills/pay', { token: actor.token, body });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(res.body.data.id);
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    expect(
      await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.requestId, row!.requestId)),
    ).toHaveLength(1);
    expect(await journalLines(t.db, reference, 'card_payment')).toMatchObject({ '1100': 2_500_00, '4200': -2_500_00 });
    await expectBooksBalanced();
  });

  it('a card payment starts only for a meter the provider knows, at the amount asked', async () => {
    const actor = await customer(0, false);
    const start = (billersCode: string) =>
      call(t, 'POST', '/api/payments/paystack/initialize', {
        token: actor.token,
        body: {
          purpose: 'electricity',
          service_id: 'ikeja-electric',
          billers_code: billersCode,
          type: 'prepaid',
          amount: 2_000,
          phone: PHONE,
        },
      });
    const unknown = await start('98765432101');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.billers_code).toBeDefined();
    const known = await start(SANDBOX_METERS.prepaid);
    expect(known.status).toBe(200);
    expect(known.body.data.amount_kobo).toBe(2_000_00);
  });

  it('keeps the amount within the provider’s least and most, and the wallet behind its PIN, before any money moves', async () => {
    const actor = await customer(10_000);
    const tooLittle = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 999 });
    expect(tooLittle.status).toBe(422);
    expect(tooLittle.body.errors.amount[0]).toMatch(/least you can pay is ₦1,000/);
    const tooMuch = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 500_001 });
    expect(tooMuch.body.errors.amount[0]).toMatch(/most you can pay/);
    expect(
      (await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 1_500.5 })).body.errors.amount,
    ).toBeDefined();
    const wrongPin = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 1_000, pin: '1111' });
    expect(wrongPin.status).toBe(422);
    const wrongMeter = await pay(actor, { billers_code: '99999999999', amount: 1_000 });
    expect(wrongMeter.status).toBe(422);
    expect(wrongMeter.body.errors.billers_code).toBeDefined();
    const short = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 20_000 });
    expect(short.status).toBe(422);
    expect(await balanceOf(actor)).toBe(10_000);
    expect(await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id))).toHaveLength(0);
  });

  it('asks before paying the same amount to the same meter twice within 30 seconds', async () => {
    const actor = await customer(10_000);
    expect((await pay(actor, { billers_code: SANDBOX_METERS.postpaid, type: 'postpaid', amount: 1_000 })).status).toBe(
      201,
    );
    const again = await pay(actor, { billers_code: SANDBOX_METERS.postpaid, type: 'postpaid', amount: 1_000 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('possible_duplicate');
    const confirmed = await pay(actor, {
      billers_code: SANDBOX_METERS.postpaid,
      type: 'postpaid',
      amount: 1_000,
      confirm_duplicate: true,
    });
    expect(confirmed.status).toBe(201);
    expect(await balanceOf(actor)).toBe(8_000);
  });
});

describe('pending and refused bills', () => {
  it('stays pending until the provider’s callback, checked with a requery, delivers it once', async () => {
    const actor = await customer(10_000);
    const res = await pay(actor, { billers_code: SANDBOX_METERS.pending, amount: 3_000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'pending', token: null });
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));

    // A callback claiming delivery is not believed: the provider, asked, still says pending.
    const forged = await call(t, 'POST', '/api/vtu/callback', {
      body: {
        type: 'transaction-update',
        data: { requestId: row!.requestId, code: '000', content: { transactions: { status: 'delivered' } } },
      },
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual({ response: 'success' });
    expect(
      (await call(t, 'GET', '/api/bills/show', { token: actor.token, query: { reference: `VTU-${row!.id}` } })).body
        .data.status,
    ).toBe('pending');
    // Nonsense gets the same answer, and changes nothing.
    expect((await call(t, 'POST', '/api/vtu/callback', { body: { hello: 'world' } })).body).toEqual({
      response: 'success',
    });

    const sent = await call(t, 'POST', '/sandbox/vtu/callback-now', { body: { request_id: row!.requestId } });
    expect(sent.body.data).toMatchObject({ status: 'delivered', answer: { response: 'success' } });
    const shown = await call(t, 'GET', '/api/bills/show', {
      token: actor.token,
      query: { reference: `VTU-${row!.id}` },
    });
    expect(shown.body.data).toMatchObject({ status: 'delivered', units: '14.3 kWh' });
    expect(shown.body.data.token).toMatch(/^\d{20}$/);

    // The requery job and a second callback find nothing left to do: one cost journal, no refund.
    await call(t, 'POST', '/sandbox/vtu/callback-now', { body: { request_id: row!.requestId } });
    await requeryPending(t.ctx, new Date(Date.now() + 120_000));
    expect(await refundEntries(row!.id)).toEqual([]);
    expect(await journalLines(t.db, row!.requestId, 'bill_cost')).toMatchObject({ '5300': 3_000_00 });
    expect(await balanceOf(actor)).toBe(7_000);
    await expectBooksBalanced();
  });

  it('a payment the provider refuses (016) is refunded to the wallet once, and shown as refunded', async () => {
    const actor = await customer(10_000);
    const res = await pay(actor, { billers_code: SANDBOX_METERS.refused, amount: 2_000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'refunded', token: null });
    expect(res.body.message).toMatch(/sent back/);
    expect(await balanceOf(actor)).toBe(10_000);
    const id = res.body.data.id as number;
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, id));

    await call(t, 'POST', '/sandbox/vtu/callback-now', { body: { request_id: row!.requestId } });
    await requeryPending(t.ctx, new Date(Date.now() + 120_000));
    expect(await refundEntries(id)).toEqual([['refund', 2_000_00]]);
    expect(await balanceOf(actor)).toBe(10_000);
    expect(await journalLines(t.db, row!.requestId, 'bill_cost')).toEqual({});
    const receipt = await call(t, 'GET', '/api/receipts/show', {
      token: actor.token,
      query: { reference: `VTU-${id}` },
    });
    expect(receipt.body.data.status_label).toBe('Refunded to your wallet');
    await expectBooksBalanced();
  });

  it('a refused card payment goes back to the card it came from, once', async () => {
    const actor = await customer(0, false);
    const reference = await sandboxCharge(t, { amountKobo: 1_500_00, email: actor.user.email });
    const body = {
      service_id: 'abuja-electric',
      billers_code: SANDBOX_METERS.refused,
      type: 'prepaid',
      amount: 1_500,
      phone: PHONE,
      payment_method: 'card',
      transaction_id: reference,
    };
    const res = await call(t, 'POST', '/api/bills/pay', { token: actor.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.status).toBe('refunded');
    const id = res.body.data.id as number;
    // Refunded to the wallet and moved straight on to the card: the wallet ends where it began.
    expect(await balanceOf(actor)).toBe(0);
    expect((await refundEntries(id)).sort()).toEqual([
      ['card_refund', -1_500_00],
      ['refund', 1_500_00],
    ]);
    expect(
      await t.db
        .select()
        .from(cardRefunds)
        .where(and(eq(cardRefunds.vtuPurchaseId, id))),
    ).toHaveLength(1);
    expect((await call(t, 'POST', '/api/bills/pay', { token: actor.token, body })).body.data.status).toBe('refunded');
    expect(await refundEntries(id)).toHaveLength(2);
    const receipt = await call(t, 'GET', '/api/receipts/show', {
      token: actor.token,
      query: { reference: `VTU-${id}` },
    });
    expect(receipt.body.data.status_label).toBe('Refunded to your card');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('races between the callback, the requery job and the customer', () => {
  it('a pending bill finished by callbacks and requery jobs at the same moment is delivered, costed and texted once', async () => {
    const actor = await customer(10_000);
    const res = await pay(actor, { billers_code: SANDBOX_METERS.pending, amount: 1_200 });
    expect(res.body.data.status).toBe('pending');
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    // The provider finishes the vend; its callback then races the job and the customer's refreshes.
    await t.db
      .update(sandboxVtuTransactions)
      .set({ status: 'delivered' })
      .where(eq(sandboxVtuTransactions.requestId, row!.requestId));
    const callback = () =>
      call(t, 'POST', '/api/vtu/callback', {
        body: { type: 'transaction-update', data: { requestId: row!.requestId } },
      });
    const show = () =>
      call(t, 'GET', '/api/bills/show', { token: actor.token, query: { reference: `VTU-${row!.id}` } });
    const later = new Date(Date.now() + 120_000);
    await Promise.all([
      callback(),
      callback(),
      requeryPending(t.ctx, later),
      requeryPending(t.ctx, later),
      show(),
      callback(),
    ]);

    const shown = await show();
    expect(shown.body.data.status).toBe('delivered');
    const token = shown.body.data.token as string;
    expect(token).toMatch(/^\d{20}$/);
    expect(await journalLines(t.db, row!.requestId, 'bill_cost')).toMatchObject({ '5300': 1_200_00 });
    expect(await refundEntries(row!.id)).toEqual([]);
    const notices = (await call(t, 'GET', '/api/notifications/me', { token: actor.token })).body.data.data as {
      title: string;
    }[];
    expect(notices.filter((n) => n.title === 'Electricity paid')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const texts = (await call(t, 'GET', '/sandbox/sms/messages')).body as { text: string }[];
    expect(texts.filter((m) => m.text.includes(token))).toHaveLength(1);
    await expectBooksBalanced();
  });

  it('a refused bill asked about from every side at once is refunded once', async () => {
    const actor = await customer(10_000);
    // The provider refuses the vend but its answer is lost on the way (it stays pending here), so the
    // refusal arrives by the requery jobs and the callbacks together.
    const realPay = t.ctx.vtu.pay.bind(t.ctx.vtu);
    vi.spyOn(t.ctx.vtu, 'pay').mockImplementationOnce(async (input) => {
      await realPay(input);
      return { status: 'pending', code: 'timeout', message: 'no answer', raw: null };
    });
    const res = await pay(actor, { billers_code: SANDBOX_METERS.refused, amount: 1_300 });
    expect(res.body.data.status).toBe('pending');
    expect(await balanceOf(actor)).toBe(8_700);
    const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    const later = new Date(Date.now() + 120_000);
    const callback = () =>
      call(t, 'POST', '/api/vtu/callback', {
        body: { type: 'transaction-update', data: { requestId: row!.requestId } },
      });
    await Promise.all([requeryPending(t.ctx, later), requeryPending(t.ctx, later), callback(), callback()]);
    await requeryPending(t.ctx, later);

    const shown = await call(t, 'GET', '/api/bills/show', {
      token: actor.token,
      query: { reference: `VTU-${row!.id}` },
    });
    expect(shown.body.data.status).toBe('refunded');
    expect(await refundEntries(row!.id)).toEqual([['refund', 1_300_00]]);
    expect(await balanceOf(actor)).toBe(10_000);
    await expectBooksBalanced();
  });
});

describe('reconciliation with the provider', () => {
  it('checks bills with the day’s vends: a refused one the provider delivered, or a different amount, is a difference', async () => {
    const actor = await customer(10_000);
    const agreed = await pay(actor, { billers_code: SANDBOX_METERS.postpaid, type: 'postpaid', amount: 1_100 });
    const refused = await pay(actor, { billers_code: SANDBOX_METERS.refused, amount: 1_200 });
    const differing = await pay(actor, { billers_code: SANDBOX_METERS.prepaid, amount: 1_300 });
    const requestIdOf = async (id: number) =>
      (await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, id)))[0]!.requestId;
    const agreedId = await requestIdOf(agreed.body.data.id);
    const refusedId = await requestIdOf(refused.body.data.id);
    const differingId = await requestIdOf(differing.body.data.id);
    // The provider later says it delivered the one it refused, and vended another at a different amount.
    await t.db
      .update(sandboxVtuTransactions)
      .set({ status: 'delivered' })
      .where(eq(sandboxVtuTransactions.requestId, refusedId));
    await t.db
      .update(sandboxVtuTransactions)
      .set({ amountNaira: 1_350 })
      .where(eq(sandboxVtuTransactions.requestId, differingId));
    await checkVtuDay(t.ctx, lagosDay(new Date()), new Date(Date.now() + SETTLING_MS + 60_000));
    const found = new Map(
      (await t.db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.provider, 'vtu'))).map(
        (row) => [row.reference, row],
      ),
    );
    expect(found.get(refusedId)).toMatchObject({ kind: 'missing_ours', theirsKobo: 1_200_00 });
    expect(found.get(differingId)).toMatchObject({ kind: 'amount_differs', oursKobo: 1_300_00, theirsKobo: 1_350_00 });
    expect(found.has(agreedId)).toBe(false);
  });
});
