import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments, PAYMENT_PENDING_MESSAGE } from '../src/modules/payments/service';
import { payments, webhookEvents } from '../src/modules/payments/schema';
import { orders } from '../src/modules/orders/schema';
import { vtuPurchases } from '../src/modules/vtu/schema';
import { requeryPending } from '../src/modules/vtu/service';
import { credit, inconsistentWallets, reconcileWithdrawals } from '../src/modules/wallet/service';
import { ledgerEntries, wallets, withdrawals } from '../src/modules/wallet/schema';
import { ConfigError, loadConfig } from '../src/lib/config';
import { PaystackError } from '../src/platform/paystack/client';
import { sandboxPaystackTransfers } from '../src/platform/paystack/schema';
import { sandboxVtuTransactions } from '../src/platform/vtu/schema';
import { createTestApp, LIVE_PRODUCTION_ENV, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { eventually, sandboxCharge } from './helpers/payments';

// Provider faults: each sandbox is told to hang, answer 5xx or unreadable JSON, or drop
// its webhooks. Customers get a clear message, no money is lost or doubled, and once the provider is
// back the reconciliation jobs finish every purchase exactly once.

const TIMEOUT_MS = 1500;
let t: TestApp;
let productId: number;
let locationId: number;
const UNIT_NAIRA = 250;

beforeAll(async () => {
  // Many sign-ins from one address: lift the per-IP limit that login throttling tests cover elsewhere.
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMIT_AUTH_PER_IP: '1000' });
  const admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'bottle_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    locations: [{ id: location.id, product_location_price: UNIT_NAIRA }],
  });
  productId = product.id;
  locationId = location.id;
});
afterAll(() => t.close());
afterEach(async () => {
  await setFault('paystack', 'none');
  await setFault('vtu', 'none');
  // Whatever a test did, every wallet still equals the sum of its entries.
  expect(await inconsistentWallets(t.db)).toEqual([]);
});

type Mode = 'timeout' | 'error_5xx' | 'malformed_json' | 'drop_webhooks' | 'none';
async function setFault(provider: 'paystack' | 'vtu', mode: Mode, times?: number) {
  const res = await call(t, 'POST', '/sandbox/faults', { body: { provider, mode, ...(times ? { times } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The jobs' view of "later": past the 10-minute staleness of payments and withdrawals. */
const later = () => new Date(Date.now() + 11 * 60_000);
const order = (reference: string) => ({
  product_id: productId,
  location_id: locationId,
  quantity: 2,
  recipient_address: '4 Adeola Odeku Street, Victoria Island',
  transaction_id: reference,
});
const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));
const paymentRows = (reference: string) => t.db.select().from(payments).where(eq(payments.reference, reference));
const balanceKobo = async (actor: Actor) =>
  (await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id)))[0]?.balanceKobo ?? 0;
const entries = (type: 'deposit' | 'reversal' | 'refund', reference: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference)));
const fund = (actor: Actor, naira: number) =>
  t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `fund-${actor.user.id}-${naira}`,
      description: 'test',
    }),
  );

describe('the fault control', () => {
  it('exists only in tests or with SANDBOX_FAULTS=1, never in production; crash points only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxFaults).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxFaults).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SANDBOX_FAULTS: '1' }).sandboxFaults).toBe(true);
    expect(() => loadConfig({ ...LIVE_PRODUCTION_ENV, SANDBOX_FAULTS: '1' })).toThrow(ConfigError);
    expect(loadConfig(LIVE_PRODUCTION_ENV).sandboxFaults).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', RUWA_TEST_CRASH_AT: 'after-verify' }).RUWA_TEST_CRASH_AT).toBe(
      'after-verify',
    );
    expect(
      loadConfig({ ...LIVE_PRODUCTION_ENV, RUWA_TEST_CRASH_AT: 'after-verify' }).RUWA_TEST_CRASH_AT,
    ).toBeUndefined();
    expect(loadConfig({}).PROVIDER_TIMEOUT_MS).toBe(10_000);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '0' })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });

  it('validates its input, applies only as many times as asked, and is listed', async () => {
    expect((await call(t, 'POST', '/sandbox/faults', { body: { provider: 'paystack', mode: 'explode' } })).status).toBe(
      422,
    );
    expect((await call(t, 'POST', '/sandbox/faults', { body: { provider: 'bank', mode: 'timeout' } })).status).toBe(
      422,
    );
    const vtuHook = await call(t, 'POST', '/sandbox/faults', { body: { provider: 'vtu', mode: 'drop_webhooks' } });
    expect(vtuHook.status).toBe(422);
    expect(vtuHook.body.errors.mode[0]).toBe('The VTU sandbox sends no webhooks.');

    await setFault('paystack', 'error_5xx', 1);
    expect((await call(t, 'GET', '/sandbox/faults')).body.data.paystack.request).toEqual({
      mode: 'error_5xx',
      remaining: 1,
    });
    await expect(t.ctx.paystack.verify('ANY_REFERENCE')).rejects.toMatchObject({
      reason: 'server_error',
      statusCode: 502,
    });
    expect(await t.ctx.paystack.verify('ANY_REFERENCE')).toBeNull();
    expect((await call(t, 'GET', '/sandbox/faults')).body.data.paystack.request).toBeNull();
  });

  it.each([
    ['timeout', 'timeout', 'The payment provider is not answering. Please try again shortly.'],
    ['error_5xx', 'server_error', 'The payment provider is having trouble. Please try again shortly.'],
    [
      'malformed_json',
      'unreadable',
      'The payment provider sent an answer we could not read. Please try again shortly.',
    ],
  ] as const)(
    'the Paystack client reads %s as a provider failure (502), never a crash',
    async (mode, reason, message) => {
      await setFault('paystack', mode);
      const started = Date.now();
      const error = await t.ctx.paystack.listBanks().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaystackError);
      expect(error).toMatchObject({ reason, message, statusCode: 502 });
      if (mode === 'timeout') expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    },
  );

  it.each([
    ['timeout', 'timeout'],
    ['error_5xx', 'server_error'],
    ['malformed_json', 'unreadable'],
  ] as const)('the VTU client reads %s as "not known yet" (pending), never as failed', async (mode, code) => {
    await setFault('vtu', mode);
    expect(await t.ctx.vtu.requery('202601010000abcdef')).toMatchObject({ status: 'pending', code });
  });

  it('a customer-facing call during an outage answers 502 with a clear message', async () => {
    const actor = await createUser(t);
    await setFault('paystack', 'error_5xx');
    const res = await call(t, 'GET', '/api/banks/resolve', {
      token: actor.token,
      query: { account_number: '0123456789', bank_code: '033' },
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/try again shortly/);
  });
});

describe.each(['timeout', 'error_5xx', 'malformed_json'] as const)('Paystack answering with %s', (mode) => {
  it('a card order is refused with a clear message, kept open, and completed once by reconciliation', async () => {
    const actor = await createUser(t);
    // The worst case: the webhook is lost too, so only reconciliation can finish it.
    await setFault('paystack', 'drop_webhooks');
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    await setFault('paystack', mode);

    const res = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: order(reference) });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ message: PAYMENT_PENDING_MESSAGE, code: 'payment_pending', reference });
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
    expect(await paymentRows(reference)).toEqual([
      expect.objectContaining({ status: 'initialized', amountKobo: 2 * UNIT_NAIRA * 100 }),
    ]);

    // Still down: reconciliation tries, fails quietly, and changes nothing.
    expect(await reconcilePayments(t.ctx, later())).toMatchObject({ completed: 0, closed: 0 });
    expect(await ordersOf(actor.user.id)).toHaveLength(0);

    await setFault('paystack', 'none');
    expect((await reconcilePayments(t.ctx, later())).completed).toBeGreaterThanOrEqual(1);
    const [made] = await ordersOf(actor.user.id);
    expect(made).toMatchObject({ status: 'paid', paymentReference: reference, amountKobo: 2 * UNIT_NAIRA * 100 });

    // The customer retries and the job runs again: the same order, never a second.
    const retry = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: order(reference) });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(made!.id);
    expect(await reconcilePayments(t.ctx, later())).toMatchObject({ completed: 0 });
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
    expect(await paymentRows(reference)).toEqual([
      expect.objectContaining({ status: 'success', fulfilment: { kind: 'order', orderId: made!.id } }),
    ]);
  });

  it('a card deposit whose verification and webhook both fail is credited once after recovery', async () => {
    const actor = await createUser(t);
    await setFault('paystack', mode);
    const reference = await sandboxCharge(t, {
      amountKobo: 5000_00,
      email: actor.user.email,
      metadata: { purpose: 'deposit', user_id: actor.user.id, amount: 5000 },
    });
    const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 5000, tx_id: reference },
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(PAYMENT_PENDING_MESSAGE);
    // The webhook arrived but could not verify either: it is kept, with its error, for a retry.
    const event = await eventually(async () => {
      const [row] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(event).toMatchObject({ processedAt: null, lastError: PAYMENT_PENDING_MESSAGE });
    expect(await balanceKobo(actor)).toBe(0);

    await setFault('paystack', 'none');
    const stats = await reconcilePayments(t.ctx, later());
    expect(stats.completed + stats.retried).toBeGreaterThanOrEqual(1);
    expect(await balanceKobo(actor)).toBe(5000_00);
    expect(await entries('deposit', reference)).toHaveLength(1);
    await reconcilePayments(t.ctx, later());
    const again = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 5000, tx_id: reference },
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This deposit was already credited');
    expect(await balanceKobo(actor)).toBe(5000_00);
    expect(await entries('deposit', reference)).toHaveLength(1);
  });

  it('airtime paid by card is bought and vended once after recovery', async () => {
    const actor = await createUser(t);
    await setFault('paystack', 'drop_webhooks');
    const reference = await sandboxCharge(t, { amountKobo: 400_00, email: actor.user.email });
    await setFault('paystack', mode);
    const body = { amount: 400, phone: '08035550101', network_id: 'mtn', transaction_id: reference };
    const res = await call(t, 'POST', '/api/product-order/buy/airtime', { token: actor.token, body });
    expect(res.status).toBe(502);
    expect(await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id))).toHaveLength(0);

    await setFault('paystack', 'none');
    expect((await reconcilePayments(t.ctx, later())).completed).toBeGreaterThanOrEqual(1);
    const [purchase] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id));
    expect(purchase).toMatchObject({ status: 'delivered', amountKobo: 400_00, paymentReference: reference });
    const retry = await call(t, 'POST', '/api/product-order/buy/airtime', { token: actor.token, body });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(purchase!.id);
    expect(
      await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.requestId, purchase!.requestId)),
    ).toHaveLength(1);
  });

  it('a withdrawal keeps the money held while the transfer is in doubt, then settles or reverses exactly once', async () => {
    const actor = await createUser(t);
    await fund(actor, 3000);
    const bank = await call(t, 'POST', '/api/wallet/store/bank-details', {
      token: actor.token,
      body: { first_name: 'Musa', last_name: 'Bello', account_number: '0123456789', bank_name: '033' },
    });
    expect(bank.status).toBe(200);
    await setFault('paystack', mode);
    const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 1000, selected_bank: bank.body.data.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', wallet: { balance: 2000 } });
    const { reference } = res.body.data;
    await setFault('paystack', 'none');

    // A 5xx means Paystack never took the transfer: it is reversed. A lost or unreadable answer means
    // it did: it settles (by its webhook or by reconciliation). Either way, once.
    const expected = mode === 'error_5xx' ? 'reversed' : 'success';
    if (expected === 'success') {
      // Reconciliation runs 10 minutes later, when the held request has long been carried out; here
      // that is only milliseconds away, so wait for the sandbox to record the transfer first.
      await eventually(async () =>
        (await t.db.select().from(sandboxPaystackTransfers).where(eq(sandboxPaystackTransfers.reference, reference)))
          .length
          ? true
          : undefined,
      );
    }
    const done = await eventually(async () => {
      await reconcileWithdrawals(t.ctx, later());
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.reference, reference));
      return row!.status === 'pending' ? undefined : row;
    });
    expect(done.status).toBe(expected);
    expect(
      await t.db.select().from(sandboxPaystackTransfers).where(eq(sandboxPaystackTransfers.reference, reference)),
    ).toHaveLength(mode === 'error_5xx' ? 0 : 1);
    await reconcileWithdrawals(t.ctx, later());
    expect(await entries('reversal', reference)).toHaveLength(expected === 'reversed' ? 1 : 0);
    expect(await balanceKobo(actor)).toBe(expected === 'reversed' ? 3000_00 : 2000_00);
  });
});

describe('Paystack dropping webhooks', () => {
  it('a paid order whose browser and webhook never came back is completed once by reconciliation', async () => {
    const actor = await createUser(t);
    const start = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: actor.token,
      body: { purpose: 'product_order', ...order('unused') },
    });
    const { reference } = start.body.data;
    await setFault('paystack', 'drop_webhooks');
    await sandboxCharge(t, {
      reference,
      amountKobo: 2 * UNIT_NAIRA * 100,
      email: actor.user.email,
      metadata: start.body.data.metadata,
    });
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference))).toHaveLength(0);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
    expect(await reconcilePayments(t.ctx, later())).toMatchObject({ completed: 1 });
    expect(await reconcilePayments(t.ctx, later())).toMatchObject({ completed: 0 });
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
  });

  it('a withdrawal whose transfer.success webhook is lost is settled once by reconciliation', async () => {
    const actor = await createUser(t);
    await fund(actor, 2000);
    const bank = await call(t, 'POST', '/api/wallet/store/bank-details', {
      token: actor.token,
      body: { first_name: 'Ngozi', last_name: 'Eze', account_number: '0123456780', bank_name: '033' },
    });
    await setFault('paystack', 'drop_webhooks');
    const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 700, selected_bank: bank.body.data.id },
    });
    const { reference } = res.body.data;
    // The transfer settles at the provider, but nobody tells us.
    await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(sandboxPaystackTransfers)
        .where(eq(sandboxPaystackTransfers.reference, reference));
      return row?.status === 'success' ? row : undefined;
    });
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)))[0]!.status).toBe(
      'pending',
    );
    expect(await reconcileWithdrawals(t.ctx, later())).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)))[0]!.status).toBe(
      'success',
    );
    expect(await balanceKobo(actor)).toBe(1300_00);
  });
});

describe.each(['timeout', 'error_5xx', 'malformed_json'] as const)('VTU answering with %s', (mode) => {
  it.each([
    ['delivered', 'delivered', '08035550123'],
    ['failing', 'refunded', '08035550000'],
  ] as const)(
    'a wallet-paid vend to a %s number stays pending, then ends %s exactly once',
    async (_kind, final, phone) => {
      const actor = await createUser(t);
      await fund(actor, 1000);
      await setFault('vtu', mode);
      const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
        token: actor.token,
        body: { amount: 300, phone, network_id: 'glo', payment_method: 'wallet' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ message: 'Processing: we will confirm shortly', data: { status: 'pending' } });
      expect(await balanceKobo(actor)).toBe(700_00);
      const id = res.body.data.id as number;
      const statusOf = async () => (await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, id)))[0]!;

      // While the provider is still down, the requery job learns nothing and refunds nothing.
      await requeryPending(t.ctx, new Date(Date.now() + 10_000));
      expect((await statusOf()).status).toBe('pending');
      expect(await balanceKobo(actor)).toBe(700_00);

      await setFault('vtu', 'none');
      await requeryPending(t.ctx, new Date(Date.now() + 10_000));
      const row = await statusOf();
      expect(row.status).toBe(final);
      // A 5xx never reached the provider, so the requery found nothing and the vend was sent again
      // under the same request id; a lost or unreadable answer had reached it, and the requery found it.
      expect(row.providerResponses.at(-1)!.action).toBe(mode === 'error_5xx' ? 'pay' : 'requery');
      expect(
        await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.requestId, row.requestId)),
      ).toHaveLength(1);

      await requeryPending(t.ctx, new Date(Date.now() + 60_000));
      expect((await statusOf()).status).toBe(final);
      expect(await entries('refund', `vtu:${id}`)).toHaveLength(final === 'refunded' ? 1 : 0);
      expect(await balanceKobo(actor)).toBe(final === 'refunded' ? 1000_00 : 700_00);
    },
  );
});
