import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { reconcilePayments } from '../payments/service';
import { payments, webhookEvents } from '../payments/schema';
import { sandboxPaystackTransactions } from '../../platform/paystack/schema';
import { inconsistentWallets } from '../wallet/ledger';
import { ledgerEntries, wallets } from '../wallet/schema';
import { orders, orderStatusHistory, subscriptions } from './schema';
import { scheduleDueDeliveries } from './service';

let t: TestApp;
let admin: Actor;
let buyer: Actor;
let productId: number;
let locationId: number;
const UNIT_NAIRA = 350;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  buyer = await createUser(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, { product_category: category.id, product_price: 300, locations: [{ id: location.id, product_location_price: UNIT_NAIRA }] });
  productId = product.id;
  locationId = location.id;
});
afterAll(() => t.close());

const purchase = (overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  location_id: locationId,
  quantity: 2,
  recipient_address: '12 Admiralty Way, Lekki Phase 1',
  ...overrides,
});

const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));
const balanceOf = async (userId: number) => (await t.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceKobo ?? 0;

describe('POST /api/product-order/store paid by card', () => {
  it('verifies the payment on the server and creates one paid order, whatever the client claims', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference, order_paid: true, order_payment_confirmed: true, order_amount: 1, product_name: 'Free water' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'paid',
      quantity: 2,
      unit_price: UNIT_NAIRA,
      order_amount: 2 * UNIT_NAIRA,
      transaction_id: reference,
      payment_method: 'card',
      order_paid: true,
    });
    expect(res.body.data.product_name).not.toBe('Free water');

    const replay = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect(await ordersOf(actor.user.id)).toHaveLength(1);

    const mine = await call(t, 'GET', '/api/product-order/me', { token: actor.token });
    expect(mine.body.data.data.map((o: { id: number }) => o.id)).toEqual([res.body.data.id]);
    const shown = await call(t, 'GET', '/api/product-order/show', { token: actor.token, query: { id: res.body.data.id } });
    expect(shown.body.data.history).toEqual([expect.objectContaining({ status: 'paid', from_status: null })]);
  });

  it.each([
    ['underpaid', { amountKobo: 2 * UNIT_NAIRA * 100 - 1 }, /does not match the price/],
    ['failed', { amountKobo: 2 * UNIT_NAIRA * 100, outcome: 'failed' as const }, /not successful \(failed\)/],
    ['paid in dollars', { amountKobo: 2 * UNIT_NAIRA * 100, currency: 'USD' }, /not made in naira/],
  ])('refuses a %s payment and creates nothing', async (_name, charge, message) => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { email: actor.user.email, ...charge });
    const res = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    expect(res.status).toBe(422);
    expect(res.body.errors.transaction_id[0]).toMatch(message);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
  });

  it('refuses unknown references, references paid by someone else, and references used for something else', async () => {
    const actor = await createUser(t);
    const unknown = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: 'NOT_A_REAL_REFERENCE' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.transaction_id[0]).toMatch(/could not find this payment/);

    const owner = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: owner.user.email });
    expect((await call(t, 'POST', '/api/product-order/store', { token: owner.token, body: { ...purchase(), transaction_id: reference } })).status).toBe(201);
    const stolen = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.transaction_id[0]).toMatch(/already been used/);
    const reused = await call(t, 'POST', '/api/subscription-order/store', {
      token: owner.token,
      body: { ...purchase(), duration_in_days: 7, transaction_id: reference },
    });
    expect(reused.status).toBe(422);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
  });

  it('validates the purchase: quantity 1..1000, address 5..300 characters, a product sold at the location', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 1001 }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ recipient_address: 'abc' }, 'recipient_address'],
      [{ recipient_address: 'x'.repeat(301) }, 'recipient_address'],
      [{ transaction_id: undefined }, 'transaction_id'],
    ];
    for (const [override, field] of cases) {
      const res = await call(t, 'POST', '/api/product-order/store', { token: buyer.token, body: { ...purchase({ transaction_id: 'X' }), ...override } });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors, JSON.stringify(override)).toHaveProperty([field]);
    }
    const elsewhere = await createLocation(t, admin.token);
    const res = await call(t, 'POST', '/api/product-order/store', { token: buyer.token, body: purchase({ location_id: elsewhere.id, payment_method: 'wallet' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.product_id[0]).toMatch(/not available/);
  });
});

describe('Paystack webhook', () => {
  const post = (body: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, payload: body });

  it('refuses a missing or wrong signature', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'x' } });
    expect((await post(body, '')).statusCode).toBe(401);
    expect((await post(body, signWebhook(body, 'sk_wrong'))).statusCode).toBe(401);
    expect((await post(body, signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY))).statusCode).toBe(200);
  });

  it('completes the order when the browser never comes back, once, even if the webhook repeats', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, {
      amountKobo: 2 * UNIT_NAIRA * 100,
      email: actor.user.email,
      metadata: { purpose: 'product_order', user_id: actor.user.id, ...purchase() },
    });
    const [order] = await eventually(async () => {
      const rows = await ordersOf(actor.user.id);
      return rows.length ? rows : undefined;
    });
    expect(order).toMatchObject({ status: 'paid', paymentReference: reference, amountKobo: 2 * UNIT_NAIRA * 100 });

    // Paystack retries: the same signed event again does nothing more.
    const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
    const body = JSON.stringify(event!.payload);
    expect((await post(body, signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY))).statusCode).toBe(200);
    const client = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    expect(client.status).toBe(200);
    expect(client.body.data.id).toBe(order!.id);
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
  });

  it('reconciliation finishes a paid intent whose webhook and browser were both lost', async () => {
    const actor = await createUser(t);
    const start = await call(t, 'POST', '/api/payments/paystack/initialize', { token: actor.token, body: { purpose: 'product_order', ...purchase() } });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ amount_kobo: 2 * UNIT_NAIRA * 100, currency: 'NGN', email: actor.user.email });
    const { reference } = start.body.data;
    // The customer paid, but no webhook ever arrived: record the provider's side only.
    await t.db.insert(sandboxPaystackTransactions).values({
      reference,
      accessCode: `ac_${reference}`,
      email: actor.user.email,
      amountKobo: 2 * UNIT_NAIRA * 100,
      status: 'success',
      paidAt: new Date(),
    });
    expect(await reconcilePayments(t.ctx)).toMatchObject({ completed: 0 });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await reconcilePayments(t.ctx, later)).toMatchObject({ completed: 1 });
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'success', resultRef: expect.stringMatching(/^product_order:\d+$/) });
  });
});

describe('order lifecycle', () => {
  it('admins move an order to delivered, every step recorded; illegal moves are 409; customers cannot', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    const { body } = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    const id = body.data.id;

    expect((await call(t, 'POST', '/api/admin/orders/update-status', { token: actor.token, body: { id, status: 'delivered' } })).status).toBe(403);
    for (const status of ['assigned', 'out_for_delivery', 'delivered']) {
      const res = await call(t, 'POST', '/api/admin/orders/update-status', { token: admin.token, body: { id, status, note: `to ${status}` } });
      expect(res.status, status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    const illegal = await call(t, 'POST', '/api/admin/orders/update-status', { token: admin.token, body: { id, status: 'paid' } });
    expect(illegal.status).toBe(409);

    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorRole])).toEqual([
      [null, 'paid', 'customer'],
      ['paid', 'assigned', 'admin'],
      ['assigned', 'out_for_delivery', 'admin'],
      ['out_for_delivery', 'delivered', 'admin'],
    ]);
    const seen = await call(t, 'GET', '/api/product-order/show', { token: actor.token, query: { id } });
    expect(seen.body.data.status).toBe('delivered');
  });

  it('a refund credits the wallet exactly once', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    const { body } = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } });
    const refund = await call(t, 'POST', '/api/admin/orders/update-status', { token: admin.token, body: { id: body.data.id, status: 'refunded' } });
    expect(refund.status).toBe(200);
    expect(await balanceOf(actor.user.id)).toBe(2 * UNIT_NAIRA * 100);
    expect((await call(t, 'POST', '/api/admin/orders/update-status', { token: admin.token, body: { id: body.data.id, status: 'refunded' } })).status).toBe(409);
    expect(await balanceOf(actor.user.id)).toBe(2 * UNIT_NAIRA * 100);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it("never shows a customer another customer's order", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: owner.user.email });
    const { body } = await call(t, 'POST', '/api/product-order/store', { token: owner.token, body: { ...purchase(), transaction_id: reference } });
    expect((await call(t, 'GET', '/api/product-order/show', { token: other.token, query: { id: body.data.id } })).status).toBe(404);
    expect((await call(t, 'GET', '/api/product-order/me', { token: other.token })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/admin/orders', { token: other.token })).status).toBe(403);
  });

  it('admins list and filter all orders with the customer', async () => {
    const res = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { status: 'delivered', search: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect(res.body.data.data.every((o: { status: string }) => o.status === 'delivered')).toBe(true);
    expect(res.body.data.data[0].customer).toHaveProperty('email');
    const bad = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { status: 'lost', from: 'yesterday' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'status']);
  });
});

describe('subscriptions', () => {
  it('charges quantity x deliveries, delivers on schedule, and refunds unused deliveries on cancel', async () => {
    const actor = await createUser(t);
    // 30 days every 7 days = 5 deliveries of 2 bags.
    const total = 2 * UNIT_NAIRA * 100 * 5;
    const underpaid = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100 * 4, email: actor.user.email });
    const refused = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: { ...purchase(), duration_in_days: 30, delivery_interval_days: 7, transaction_id: underpaid },
    });
    expect(refused.status).toBe(422);

    const reference = await sandboxCharge(t, { amountKobo: total, email: actor.user.email });
    const res = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: { ...purchase(), duration_in_days: 30, delivery_interval_days: 7, transaction_id: reference },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'active',
      deliveries: 5,
      deliveries_made: 1,
      order_amount: total / 100,
      recipient_city: 'lekki',
      recipient_state: 'lagos',
      recipient_country: 'nigeria',
    });
    const subscriptionId = res.body.data.id;
    const deliveries = () => t.db.select().from(orders).where(and(eq(orders.subscriptionId, subscriptionId)));
    expect(await deliveries()).toHaveLength(1);

    // Nothing is due today; a week later the second delivery is.
    expect(await scheduleDueDeliveries(t.ctx)).toBe(0);
    const weekLater = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await scheduleDueDeliveries(t.ctx, weekLater)).toBe(1);
    expect(await scheduleDueDeliveries(t.ctx, weekLater)).toBe(0);
    expect(await deliveries()).toHaveLength(2);

    const listed = await call(t, 'GET', '/api/subscription-order/me', { token: actor.token });
    expect(listed.body.data.data[0]).toMatchObject({ id: subscriptionId, deliveries_made: 2 });

    const cancelled = await call(t, 'POST', '/api/subscription-order/cancel', { token: actor.token, body: { id: subscriptionId } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded_amount: (3 * 2 * UNIT_NAIRA * 100) / 100 });
    expect(await balanceOf(actor.user.id)).toBe(3 * 2 * UNIT_NAIRA * 100);
    expect((await call(t, 'POST', '/api/subscription-order/cancel', { token: actor.token, body: { id: subscriptionId } })).status).toBe(409);
    expect(await balanceOf(actor.user.id)).toBe(3 * 2 * UNIT_NAIRA * 100);
    expect(await scheduleDueDeliveries(t.ctx, new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))).toBe(0);

    const stranger = await createUser(t);
    expect((await call(t, 'POST', '/api/subscription-order/cancel', { token: stranger.token, body: { id: subscriptionId } })).status).toBe(404);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row?.status).toBe('cancelled');
  });
});

describe('pay with wallet', () => {
  it('refuses when the balance is short and writes nothing; debits and orders in one step otherwise', async () => {
    const actor = await createUser(t);
    const short = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: purchase({ payment_method: 'wallet' }) });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('insufficient_balance');
    expect(short.body.errors).toHaveProperty('payment_method');
    expect(await ordersOf(actor.user.id)).toHaveLength(0);

    const { credit } = await import('../wallet/ledger');
    await t.db.transaction((tx) => credit(tx, actor.user.id, { amountKobo: 1000_00, type: 'deposit', reference: `test-${actor.user.id}`, description: 'test' }));
    const res = await call(t, 'POST', '/api/product-order/store', { token: actor.token, body: purchase({ payment_method: 'wallet' }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ payment_method: 'wallet', status: 'paid' });
    expect(await balanceOf(actor.user.id)).toBe(1000_00 - 2 * UNIT_NAIRA * 100);
    const entries = await t.db.select().from(ledgerEntries);
    expect(entries.some((e) => e.type === 'purchase' && e.amountKobo === -2 * UNIT_NAIRA * 100)).toBe(true);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: racing completions', () => {
  it('the webhook and many client calls for one payment make exactly one order', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, {
      amountKobo: 2 * UNIT_NAIRA * 100,
      email: actor.user.email,
      metadata: { purpose: 'product_order', user_id: actor.user.id, ...purchase() },
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(t, 'POST', '/api/product-order/store', { token: actor.token, body: { ...purchase(), transaction_id: reference } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
  });

  it('concurrent wallet purchases never overdraw', async () => {
    const actor = await createUser(t);
    const { credit } = await import('../wallet/ledger');
    // Enough for exactly 3 orders of 2 bags.
    await t.db.transaction((tx) => credit(tx, actor.user.id, { amountKobo: 3 * 2 * UNIT_NAIRA * 100, type: 'deposit', reference: `race-${actor.user.id}`, description: 'test' }));
    const results = await Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', '/api/product-order/store', { token: actor.token, body: purchase({ payment_method: 'wallet' }) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422)).toHaveLength(7);
    expect(await balanceOf(actor.user.id)).toBe(0);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});
