import { formatNaira } from '@ruwa/contract';
import { addDaysTo as addDays, lagosDay } from '@ruwa/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { reconcilePayments } from '../payments/service';
import { payments, webhookEvents } from '../payments/schema';
import { sandboxPaystackTransactions } from '../../platform/paystack/schema';
import { notifications } from '../notifications/schema';
import { credit, inconsistentWallets } from '../wallet/ledger';
import { ledgerEntries, wallets } from '../wallet/schema';
import { statusHistoryOf } from '../audit/service';
import { orders, subscriptions } from './schema';
import { runSubscriptionDeliveries } from './jobs';
import { scheduleDueDeliveries } from './service';

let t: TestApp;
let admin: Actor;
let buyer: Actor;
let productId: number;
let locationId: number;
let locationName: string;
const UNIT_NAIRA = 350;

beforeAll(async () => {
  // More sign-ins than the default per-IP limit: every test signs in its own customers.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  buyer = await createUser(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    product_price: 300,
    locations: [{ id: location.id, product_location_price: UNIT_NAIRA }],
  });
  productId = product.id;
  locationId = location.id;
  locationName = location.name;
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
const balanceOf = async (userId: number) =>
  (await t.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceKobo ?? 0;

describe('POST /api/product-order/store paid by card', () => {
  it('verifies the payment on the server and creates one paid order, whatever the client claims', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: {
        ...purchase(),
        transaction_id: reference,
        order_paid: true,
        order_payment_confirmed: true,
        order_amount: 1,
        product_name: 'Free water',
      },
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

    const replay = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect(await ordersOf(actor.user.id)).toHaveLength(1);

    const mine = await call(t, 'GET', '/api/product-order/me', { token: actor.token });
    expect(mine.body.data.data.map((o: { id: number }) => o.id)).toEqual([res.body.data.id]);
    const shown = await call(t, 'GET', '/api/product-order/show', {
      token: actor.token,
      query: { id: res.body.data.id },
    });
    expect(shown.body.data.history).toEqual([expect.objectContaining({ status: 'paid', from_status: null })]);
  });

  it.each([
    ['underpaid', { amountKobo: 2 * UNIT_NAIRA * 100 - 1 }, /does not match the price/],
    ['failed', { amountKobo: 2 * UNIT_NAIRA * 100, outcome: 'failed' as const }, /not successful \(failed\)/],
    ['paid in dollars', { amountKobo: 2 * UNIT_NAIRA * 100, currency: 'USD' }, /not made in naira/],
  ])('refuses a %s payment and creates nothing', async (_name, charge, message) => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { email: actor.user.email, ...charge });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.transaction_id[0]).toMatch(message);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
  });

  it('refuses an abandoned payment (initialized, never charged) and creates nothing', async () => {
    // /transaction/initialize is what leaves a transaction "abandoned" until someone pays it, on
    // Paystack and in the sandbox alike.
    const actor = await createUser(t);
    const reference = `ABANDONED_${actor.user.id}`;
    await t.ctx.paystack.initialize({ email: actor.user.email, amountKobo: 2 * UNIT_NAIRA * 100, reference });
    expect((await t.ctx.paystack.verify(reference))?.status).toBe('abandoned');
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.transaction_id).toEqual([
      'The payment was not successful (abandoned). You have not been charged.',
    ]);
    const subscription = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: { ...purchase(), duration_in_days: 7, transaction_id: reference },
    });
    expect(subscription.status).toBe(422);
    expect(subscription.body.errors.transaction_id[0]).toMatch(/not successful \(abandoned\)/);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, actor.user.id))).toHaveLength(0);
    expect(await t.db.select().from(payments).where(eq(payments.reference, reference))).toHaveLength(0);
  });

  it('an abandoned payment started through our checkout stays an open intent, with nothing created', async () => {
    const actor = await createUser(t);
    const start = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: actor.token,
      body: { purpose: 'product_order', ...purchase() },
    });
    const { reference, amount_kobo: amountKobo } = start.body.data;
    await t.ctx.paystack.initialize({ email: actor.user.email, amountKobo, reference });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.transaction_id[0]).toMatch(/not successful \(abandoned\)/);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    // Still open: reconciliation keeps asking Paystack, in case the customer pays it after all.
    expect(payment).toMatchObject({ status: 'initialized', providerStatus: 'abandoned', fulfilment: null });
    expect(await ordersOf(actor.user.id)).toHaveLength(0);
  });

  it('a payment still being processed is not refused as unpaid: it is kept for reconciliation, which completes it', async () => {
    const actor = await createUser(t);
    const reference = `PENDING_${actor.user.id}`;
    await t.db.insert(sandboxPaystackTransactions).values({
      reference,
      accessCode: `ac_${reference}`,
      email: actor.user.email,
      amountKobo: 2 * UNIT_NAIRA * 100,
      status: 'ongoing',
    });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('payment_pending');
    expect(res.body.errors.transaction_id[0]).toMatch(/still being processed \(ongoing\).*do not pay again/);
    expect(await ordersOf(actor.user.id)).toHaveLength(0);

    // The charge goes through later; the customer never comes back.
    await t.db
      .update(sandboxPaystackTransactions)
      .set({ status: 'success', paidAt: new Date() })
      .where(eq(sandboxPaystackTransactions.reference, reference));
    expect(await reconcilePayments(t.ctx, new Date(Date.now() + 11 * 60_000))).toMatchObject({ completed: 1 });
    expect(await ordersOf(actor.user.id)).toEqual([
      expect.objectContaining({ status: 'paid', paymentReference: reference }),
    ]);
  });

  it('refuses unknown references, references paid by someone else, and references used for something else', async () => {
    const actor = await createUser(t);
    const unknown = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: 'NOT_A_REAL_REFERENCE' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.transaction_id[0]).toMatch(/could not find this payment/);

    const owner = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: owner.user.email });
    expect(
      (
        await call(t, 'POST', '/api/product-order/store', {
          token: owner.token,
          body: { ...purchase(), transaction_id: reference },
        })
      ).status,
    ).toBe(201);
    const stolen = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
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
      const res = await call(t, 'POST', '/api/product-order/store', {
        token: buyer.token,
        body: { ...purchase({ transaction_id: 'X' }), ...override },
      });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors, JSON.stringify(override)).toHaveProperty([field]);
    }
    const elsewhere = await createLocation(t, admin.token);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ location_id: elsewhere.id, payment_method: 'wallet' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.product_id[0]).toMatch(/not available/);
  });
});

describe('Paystack webhook', () => {
  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: body,
    });

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
    const client = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(client.status).toBe(200);
    expect(client.body.data.id).toBe(order!.id);
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
  });

  it('reconciliation finishes a paid intent whose webhook and browser were both lost', async () => {
    const actor = await createUser(t);
    const start = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: actor.token,
      body: { purpose: 'product_order', ...purchase() },
    });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({
      amount_kobo: 2 * UNIT_NAIRA * 100,
      currency: 'NGN',
      email: actor.user.email,
    });
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
    expect(payment).toMatchObject({ status: 'success', fulfilment: { kind: 'order', orderId: expect.any(Number) } });
  });
});

describe('order lifecycle', () => {
  it('admins move an order to delivered, every step recorded; illegal moves are 409; customers cannot', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: actor.user.email });
    const { body } = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    const id = body.data.id;

    expect(
      (
        await call(t, 'POST', '/api/admin/orders/update-status', {
          token: actor.token,
          body: { id, status: 'delivered' },
        })
      ).status,
    ).toBe(403);
    for (const status of ['assigned', 'out_for_delivery', 'delivered']) {
      const res = await call(t, 'POST', '/api/admin/orders/update-status', {
        token: admin.token,
        body: { id, status, note: `to ${status}` },
      });
      expect(res.status, status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    const illegal = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id, status: 'paid' },
    });
    expect(illegal.status).toBe(409);

    const history = await statusHistoryOf(t.db, 'order', id);
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
    const { body } = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...purchase(), transaction_id: reference },
    });
    const refund = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: body.data.id, status: 'refunded' },
    });
    expect(refund.status).toBe(200);
    expect(await balanceOf(actor.user.id)).toBe(2 * UNIT_NAIRA * 100);
    expect(
      (
        await call(t, 'POST', '/api/admin/orders/update-status', {
          token: admin.token,
          body: { id: body.data.id, status: 'refunded' },
        })
      ).status,
    ).toBe(409);
    expect(await balanceOf(actor.user.id)).toBe(2 * UNIT_NAIRA * 100);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it("never shows a customer another customer's order", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT_NAIRA * 100, email: owner.user.email });
    const { body } = await call(t, 'POST', '/api/product-order/store', {
      token: owner.token,
      body: { ...purchase(), transaction_id: reference },
    });
    expect(
      (await call(t, 'GET', '/api/product-order/show', { token: other.token, query: { id: body.data.id } })).status,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/product-order/me', { token: other.token })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/admin/orders', { token: other.token })).status).toBe(403);
  });

  it('admins list and filter all orders with the customer', async () => {
    const res = await call(t, 'GET', '/api/admin/orders', {
      token: admin.token,
      query: { status: 'delivered', search: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect(res.body.data.data.every((o: { status: string }) => o.status === 'delivered')).toBe(true);
    expect(res.body.data.data[0].customer).toHaveProperty('email');
    const bad = await call(t, 'GET', '/api/admin/orders', {
      token: admin.token,
      query: { status: 'lost', from: 'yesterday' },
    });
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
      // Just paid: the first delivery is on its way, none has reached the customer.
      deliveries_delivered: 0,
      // ...so the next delivery is the first one, not the one after it.
      next_delivery_on: res.body.data.starts_on,
      order_amount: total / 100,
      recipient_city: 'lekki',
      recipient_state: 'lagos',
      recipient_country: 'nigeria',
    });
    const subscriptionId = res.body.data.id;
    const deliveries = () =>
      t.db
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, subscriptionId)));
    expect(await deliveries()).toHaveLength(1);

    // Nothing is due today; a week later the second delivery is.
    expect(await scheduleDueDeliveries(t.ctx)).toBe(0);
    const weekLater = addDays(lagosDay(), 7);
    expect(await scheduleDueDeliveries(t.ctx, weekLater)).toBe(1);
    expect(await scheduleDueDeliveries(t.ctx, weekLater)).toBe(0);
    expect(await deliveries()).toHaveLength(2);

    const listed = await call(t, 'GET', '/api/subscription-order/me', { token: actor.token });
    expect(listed.body.data.data[0]).toMatchObject({
      id: subscriptionId,
      deliveries_made: 2,
      deliveries_delivered: 0,
      next_delivery_on: res.body.data.starts_on,
    });
    const [first] = await deliveries();
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, first!.id));
    const afterOne = await call(t, 'GET', '/api/subscription-order/me', { token: actor.token });
    expect(afterOne.body.data.data[0]).toMatchObject({
      id: subscriptionId,
      deliveries_delivered: 1,
      next_delivery_on: addDays(res.body.data.starts_on, 7),
    });

    const cancelled = await call(t, 'POST', '/api/subscription-order/cancel', {
      token: actor.token,
      body: { id: subscriptionId },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      refunded_amount: (3 * 2 * UNIT_NAIRA * 100) / 100,
    });
    expect(await balanceOf(actor.user.id)).toBe(3 * 2 * UNIT_NAIRA * 100);
    expect(
      (await call(t, 'POST', '/api/subscription-order/cancel', { token: actor.token, body: { id: subscriptionId } }))
        .status,
    ).toBe(409);
    expect(await balanceOf(actor.user.id)).toBe(3 * 2 * UNIT_NAIRA * 100);
    expect(await scheduleDueDeliveries(t.ctx, addDays(lagosDay(), 30))).toBe(0);

    const stranger = await createUser(t);
    expect(
      (await call(t, 'POST', '/api/subscription-order/cancel', { token: stranger.token, body: { id: subscriptionId } }))
        .status,
    ).toBe(404);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row?.status).toBe('cancelled');
  });
});

describe('pay with wallet', () => {
  it('refuses when the balance is short and writes nothing; debits and orders in one step otherwise', async () => {
    const actor = await createUser(t);
    const short = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('insufficient_balance');
    expect(short.body.errors).toHaveProperty('payment_method');
    expect(await ordersOf(actor.user.id)).toHaveLength(0);

    const { credit } = await import('../wallet/ledger');
    await t.db.transaction((tx) =>
      credit(tx, actor.user.id, {
        amountKobo: 1000_00,
        type: 'deposit',
        reference: `test-${actor.user.id}`,
        description: 'test',
      }),
    );
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ payment_method: 'wallet', status: 'paid' });
    expect(await balanceOf(actor.user.id)).toBe(1000_00 - 2 * UNIT_NAIRA * 100);
    const entries = await t.db.select().from(ledgerEntries);
    expect(entries.some((e) => e.type === 'purchase' && e.amountKobo === -2 * UNIT_NAIRA * 100)).toBe(true);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('writes the ledger entry, the order, its history and the notification, all naming the same reference and order', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 1000_00);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your order has been placed');
    const { id, transaction_id: reference, product_name: productName } = res.body.data;
    expect(reference).toMatch(/^WALLET_[0-9A-Z]+_[0-9A-F]{12}$/);
    expect(res.body.data).toEqual({
      id,
      status: 'paid',
      product_id: productId,
      location_id: locationId,
      location_name: expect.any(String),
      product_name: productName,
      kind: 'sachet_water',
      quantity: 2,
      unit_price: UNIT_NAIRA,
      order_sub_amount: 2 * UNIT_NAIRA,
      delivery_fee: 0,
      order_amount: 2 * UNIT_NAIRA,
      recipient_address: '12 Admiralty Way, Lekki Phase 1',
      recipient_phone: actor.user.phoneNumber,
      landmark: null,
      cylinder_size_kg: null,
      cylinder_type: null,
      delivery_window: null,
      payment_method: 'wallet',
      transaction_id: reference,
      subscription_id: null,
      scheduled_for: null,
      assigned_agent_id: null,
      delivery_locked: false,
      order_paid: true,
      order_payment_confirmed: true,
      created_at: expect.any(String),
      delivery_code: expect.stringMatching(/^\d{4}$/),
    });
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id));
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.walletId, wallet!.id));
    expect(entries.filter((e) => e.type === 'purchase')).toEqual([
      expect.objectContaining({
        status: 'success',
        amountKobo: -2 * UNIT_NAIRA * 100,
        balanceAfterKobo: 1000_00 - 2 * UNIT_NAIRA * 100,
        reference,
        description: `2 x ${productName}`,
      }),
    ]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      userId: actor.user.id,
      amountKobo: 2 * UNIT_NAIRA * 100,
      paymentReference: reference,
      assignedAgentId: null,
    });
    expect(order!.createdAt.toISOString()).toBe(res.body.data.created_at);
    expect(await statusHistoryOf(t.db, 'order', id)).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'paid',
        actorId: actor.user.id,
        actorRole: 'customer',
        note: `Paid by wallet (${reference})`,
      }),
    ]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, actor.user.id))).toEqual([
      expect.objectContaining({
        kind: 'payment',
        title: 'Payment received',
        description: `We received ${formatNaira(2 * UNIT_NAIRA)} for 2 x ${productName}. Order #${id} is on its way to an agent.`,
        readAt: null,
      }),
    ]);
  });

  it('refuses a customer who never had a wallet with the same message, and writes nothing, not even a wallet', async () => {
    const actor = await createUser(t);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    expect(res.status).toBe(422);
    const message = `Insufficient wallet balance: you have ${formatNaira(0)} and this needs ${formatNaira(2 * UNIT_NAIRA)}.`;
    expect(res.body).toEqual({ message, errors: { payment_method: [message] }, code: 'insufficient_balance' });
    expect(await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, actor.user.id))).toEqual([]);
    expect(await ordersOf(actor.user.id)).toEqual([]);

    await fundWallet(actor.user.id, 500_00);
    const short = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(
      `Insufficient wallet balance: you have ${formatNaira(500)} and this needs ${formatNaira(2 * UNIT_NAIRA)}.`,
    );
    expect(await balanceOf(actor.user.id)).toBe(500_00);
    expect(await ordersOf(actor.user.id)).toEqual([]);
  });

  it("names each order's location in the customer's list, with orders at several locations", async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 5000_00);
    const island = await createLocation(t, admin.token);
    const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
    const atBoth = [locationId, island.id].map((id) => ({ id, product_location_price: UNIT_NAIRA }));
    const product = await createProduct(t, admin.token, {
      product_category: category.id,
      product_price: 300,
      locations: atBoth,
    });
    for (const at of [locationId, island.id]) {
      const res = await call(t, 'POST', '/api/product-order/store', {
        token: actor.token,
        body: purchase({ product_id: product.id, location_id: at, payment_method: 'wallet' }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const mine = await call(t, 'GET', '/api/product-order/me', { token: actor.token });
    const names = Object.fromEntries(
      mine.body.data.data.map((o: { location_id: number; location_name: string }) => [o.location_id, o.location_name]),
    );
    expect(names).toEqual({ [locationId]: locationName, [island.id]: island.name });
  });
});

const fundWallet = (userId: number, kobo: number) =>
  t.db.transaction((tx) =>
    credit(tx, userId, {
      amountKobo: kobo,
      type: 'deposit',
      reference: `fund-${userId}-${kobo}-${Math.random()}`,
      description: 'test',
    }),
  );
const subscribe = (actor: Actor, overrides: Record<string, unknown>) =>
  call(t, 'POST', '/api/subscription-order/store', {
    token: actor.token,
    body: { ...purchase({ quantity: 1, payment_method: 'wallet' }), ...overrides },
  });

describe('subscription validation', () => {
  it('refuses a duration outside 7..365 days or an interval other than 1, 3, 7 or 14, with the field', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 1_000_000_00);
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ duration_in_days: 6 }, 'duration_in_days', 'The duration must be between 7 and 365 days.'],
      [{ duration_in_days: 366 }, 'duration_in_days', 'The duration must be between 7 and 365 days.'],
      [{ duration_in_days: 7.5 }, 'duration_in_days', 'The duration in days must be a whole number.'],
      [{ duration_in_days: 'a month' }, 'duration_in_days', 'The duration in days must be a number.'],
      [{ duration_in_days: undefined }, 'duration_in_days', 'Enter how many days the subscription lasts.'],
      [
        { duration_in_days: 30, delivery_interval_days: 0 },
        'delivery_interval_days',
        'Deliver every 1, 3, 7 or 14 days.',
      ],
      [
        { duration_in_days: 30, delivery_interval_days: 2 },
        'delivery_interval_days',
        'Deliver every 1, 3, 7 or 14 days.',
      ],
      [
        { duration_in_days: 30, delivery_interval_days: 15 },
        'delivery_interval_days',
        'Deliver every 1, 3, 7 or 14 days.',
      ],
      [
        { duration_in_days: 30, delivery_interval_days: 7.5 },
        'delivery_interval_days',
        'Deliver every 1, 3, 7 or 14 days.',
      ],
      [{ duration_in_days: 30, delivery_interval_days: 'weekly' }, 'delivery_interval_days', /./],
    ];
    for (const [override, field, message] of cases) {
      const res = await subscribe(actor, override);
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(override)).toMatch(message);
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, actor.user.id))).toHaveLength(0);
    expect(await balanceOf(actor.user.id)).toBe(1_000_000_00);

    // Both edges of the duration, every interval, and the default interval (7) are accepted.
    const accepted: [Record<string, unknown>, number, number][] = [
      [{ duration_in_days: 7, delivery_interval_days: 1 }, 7, 1],
      [{ duration_in_days: 7, delivery_interval_days: 3 }, 3, 3],
      [{ duration_in_days: 7, delivery_interval_days: 7 }, 1, 7],
      [{ duration_in_days: 7, delivery_interval_days: 14 }, 1, 14],
      [{ duration_in_days: 365, delivery_interval_days: 14 }, 27, 14],
      [{ duration_in_days: 365 }, 53, 7],
    ];
    for (const [override, deliveries, interval] of accepted) {
      const res = await subscribe(actor, override);
      expect(res.status, JSON.stringify(override)).toBe(201);
      expect(res.body.data).toMatchObject({
        status: 'active',
        deliveries,
        delivery_interval_days: interval,
        duration_in_days: override.duration_in_days,
        order_amount: UNIT_NAIRA * deliveries,
      });
      expect(res.body.data.ends_on).toBe(addDays(res.body.data.starts_on, override.duration_in_days as number));
      // Leave nothing active for the schedule tests below.
      expect(
        (
          await call(t, 'POST', '/api/subscription-order/cancel', {
            token: actor.token,
            body: { id: res.body.data.id },
          })
        ).status,
      ).toBe(200);
    }
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});

describe('a subscription bought just after midnight, Lagos time', () => {
  afterAll(() => vi.useRealTimers());

  it('starts on the Lagos day, not the UTC one, and the job of that morning finds it due', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 10_000_00);
    // 00:30 on 2 Dec in Lagos is 23:30 on 1 Dec in UTC. Every 3 days: deliveries on 2, 5 and 8 Dec.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T23:30:00Z'));
    const res = await subscribe(actor, { duration_in_days: 7, delivery_interval_days: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ starts_on: '2026-12-02', ends_on: '2026-12-09', deliveries_made: 1 });
    const { id } = res.body.data;
    const [first] = await t.db.select().from(orders).where(eq(orders.subscriptionId, id));
    expect(first!.scheduledFor).toBe('2026-12-02');

    // The job with no day given runs for today in Lagos: on 5 Dec at 00:30 the second delivery is due.
    vi.setSystemTime(new Date('2026-12-04T23:30:00Z'));
    await scheduleDueDeliveries(t.ctx);
    const made = await t.db.select().from(orders).where(eq(orders.subscriptionId, id));
    expect(made.map((o) => o.scheduledFor).sort()).toEqual(['2026-12-02', '2026-12-05']);
    vi.useRealTimers();
  });
});

describe('subscriptions end', () => {
  const completedNotices = async (userId: number) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (n) => n.title === 'Subscription completed',
    );
  const statusOf = async (id: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.status;

  it('stays active through its period, even after its last delivery, and completes the day the period ends', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 100_000_00);
    // 30 days every 7: deliveries on days 0, 7, 14, 21 and 28; the period ends on day 30.
    const res = await subscribe(actor, { duration_in_days: 30, delivery_interval_days: 7 });
    expect(res.status).toBe(201);
    const { id, starts_on: startsOn } = res.body.data;
    for (const day of [7, 14, 21, 28]) await runSubscriptionDeliveries(t.ctx, addDays(startsOn, day));
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ deliveriesMade: 5, deliveriesCount: 5, status: 'active' });

    await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 29));
    expect(await statusOf(id)).toBe('active');
    expect(await completedNotices(actor.user.id)).toHaveLength(0);

    const ended = await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 30));
    expect(ended.completed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toBe('completed');
    await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 31));
    expect(await completedNotices(actor.user.id)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.subscriptionId, id))).toHaveLength(5);

    // Over: nothing left to cancel or refund.
    const cancel = await call(t, 'POST', '/api/subscription-order/cancel', { token: actor.token, body: { id } });
    expect(cancel.status).toBe(409);
    const listed = await call(t, 'GET', '/api/subscription-order/me', { token: actor.token });
    expect(listed.body.data.data[0]).toMatchObject({
      id,
      status: 'completed',
      deliveries_made: 5,
      next_delivery_on: null,
    });
  });

  it('a single-delivery subscription is active, not completed, right after it is bought', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 10_000_00);
    const res = await subscribe(actor, { duration_in_days: 7, delivery_interval_days: 7 });
    expect(res.body.data).toMatchObject({ status: 'active', deliveries: 1, deliveries_made: 1 });
    const { id, starts_on: startsOn } = res.body.data;
    await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 6));
    expect(await statusOf(id)).toBe('active');
    await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 7));
    expect(await statusOf(id)).toBe('completed');
  });

  it('when the job runs late, it makes the missing delivery before completing', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 10_000_00);
    // 14 days every 7: deliveries on days 0 and 7, but the job next runs on day 20.
    const res = await subscribe(actor, { duration_in_days: 14, delivery_interval_days: 7 });
    const { id, starts_on: startsOn } = res.body.data;
    await runSubscriptionDeliveries(t.ctx, addDays(startsOn, 20));
    expect(await statusOf(id)).toBe('completed');
    const deliveries = await t.db.select().from(orders).where(eq(orders.subscriptionId, id));
    expect(deliveries.map((o) => o.scheduledFor).sort()).toEqual([startsOn, addDays(startsOn, 7)]);
    expect(await completedNotices(actor.user.id)).toHaveLength(1);
  });
});

describe('admin orders', () => {
  it('shows one order with its customer and its status history; an unknown id is 404', async () => {
    const actor = await createUser(t);
    await fundWallet(actor.user.id, 10_000_00);
    const placed = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    const id = placed.body.data.id;
    const moved = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id, status: 'assigned', note: 'Given to Musa' },
    });
    expect(moved.status).toBe(200);

    const res = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 'assigned',
      quantity: 2,
      order_amount: 2 * UNIT_NAIRA,
      payment_method: 'wallet',
      customer: expect.objectContaining({ id: actor.user.id, email: actor.user.email }),
    });
    expect(res.body.data.history).toEqual([
      expect.objectContaining({ status: 'paid', from_status: null, actor: 'customer' }),
      expect.objectContaining({ status: 'assigned', from_status: 'paid', actor: 'admin', note: 'Given to Musa' }),
    ]);
    expect(Date.parse(res.body.data.history[1].created_at)).toBeGreaterThanOrEqual(
      Date.parse(res.body.data.history[0].created_at),
    );

    expect(
      (await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: 2_000_000_000 } })).status,
    ).toBe(404);
    const bad = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('id');
    expect((await call(t, 'GET', '/api/admin/orders/show', { token: actor.token, query: { id } })).status).toBe(403);
  });

  it('filters by location, kind, date range and customer e-mail, phone or name', async () => {
    const amaka = await createUser(t, {
      firstName: 'Amaka',
      lastName: 'Filterson',
      email: 'amaka.filterson@example.com',
      phoneNumber: '+2348091110001',
    });
    const bode = await createUser(t, {
      firstName: 'Bode',
      lastName: 'Sievewright',
      email: 'bode.sievewright@example.com',
      phoneNumber: '+2348092220002',
    });
    await fundWallet(amaka.user.id, 100_000_00);
    await fundWallet(bode.user.id, 100_000_00);
    const gasCategory = await createCategory(t, admin.token, { kind: 'gas' });
    const mainland = await createLocation(t, admin.token);
    const gas = await createProduct(t, admin.token, {
      product_category: gasCategory.id,
      product_price: 9000,
      locations: [{ id: mainland.id }],
    });
    const buy = async (actor: Actor, body: Record<string, unknown>) => {
      const res = await call(t, 'POST', '/api/product-order/store', {
        token: actor.token,
        body: purchase({ payment_method: 'wallet', quantity: 1, ...body }),
      });
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    const water = { product_id: productId, location_id: locationId };
    const cylinder = { product_id: gas.id, location_id: mainland.id };
    const amakaWaterNow = await buy(amaka, water);
    const bodeGasNow = await buy(bode, cylinder);
    const bodeWaterJan = await buy(bode, water);
    const amakaGasFeb = await buy(amaka, cylinder);
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2020-01-15T12:00:00Z') })
      .where(eq(orders.id, bodeWaterJan));
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2020-02-01T12:00:00Z') })
      .where(eq(orders.id, amakaGasFeb));

    const list = async (query: Record<string, string | number>) => {
      const res = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { per_page: 100, ...query } });
      expect(res.status, JSON.stringify(query)).toBe(200);
      return (res.body.data.data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
    };
    const mine = new Set([amakaWaterNow, bodeGasNow, bodeWaterJan, amakaGasFeb]);
    const ours = async (query: Record<string, string | number>) => (await list(query)).filter((id) => mine.has(id));

    expect(await list({ location_id: mainland.id })).toEqual([bodeGasNow, amakaGasFeb]);
    expect(await list({ kind: 'gas' })).toEqual([bodeGasNow, amakaGasFeb]);
    expect(await ours({ kind: 'sachet_water' })).toEqual([amakaWaterNow, bodeWaterJan]);
    expect(await ours({ location_id: locationId })).toEqual([amakaWaterNow, bodeWaterJan]);

    // Dates are whole days, both ends included.
    expect(await list({ from: '2020-01-01', to: '2020-01-31' })).toEqual([bodeWaterJan]);
    expect(await list({ from: '2020-01-15', to: '2020-01-15' })).toEqual([bodeWaterJan]);
    expect(await list({ from: '2020-01-16', to: '2020-01-31' })).toEqual([]);
    expect(await list({ from: '2020-02-01', to: '2020-02-01' })).toEqual([amakaGasFeb]);
    expect(await list({ from: '2020-01-01', to: '2020-12-31' })).toEqual([bodeWaterJan, amakaGasFeb]);
    // Days are Lagos days (UTC+1): 23:30 UTC on 31 January is already 1 February in Lagos.
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2020-01-31T23:30:00Z') })
      .where(eq(orders.id, amakaGasFeb));
    expect(await list({ from: '2020-02-01', to: '2020-02-01' })).toEqual([amakaGasFeb]);
    expect(await list({ from: '2020-01-31', to: '2020-01-31' })).toEqual([]);
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2020-02-01T12:00:00Z') })
      .where(eq(orders.id, amakaGasFeb));
    expect(await ours({ from: new Date().toISOString().slice(0, 10) })).toEqual([amakaWaterNow, bodeGasNow]);

    expect(await list({ search: 'amaka.filterson@' })).toEqual([amakaWaterNow, amakaGasFeb]);
    expect(await list({ search: 'AMAKA.FILTERSON' })).toEqual([amakaWaterNow, amakaGasFeb]);
    expect(await list({ search: '8092220002' })).toEqual([bodeGasNow, bodeWaterJan]);
    expect(await list({ search: '0809 222 0002' })).toEqual([bodeGasNow, bodeWaterJan]);
    expect(await list({ search: 'Bode Sievewright' })).toEqual([bodeGasNow, bodeWaterJan]);
    expect(await list({ search: 'nobody-has-this@example.com' })).toEqual([]);
    // Wildcards are searched for literally, never as patterns.
    expect(await list({ search: '%' })).toEqual([]);
    expect(await list({ search: '_' })).toEqual([]);

    // Filters combine.
    expect(await list({ search: 'filterson', kind: 'gas' })).toEqual([amakaGasFeb]);
    expect(
      await list({ search: 'sievewright', from: '2020-01-01', to: '2020-01-31', location_id: locationId }),
    ).toEqual([bodeWaterJan]);
    expect(
      await list({ search: 'sievewright', location_id: mainland.id, from: '2020-01-01', to: '2020-01-31' }),
    ).toEqual([]);
    const page = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { kind: 'gas', per_page: 1 } });
    expect(page.body.data).toMatchObject({ total: 2, last_page: 2 });
    expect(page.body.data.data[0]).toMatchObject({
      id: amakaGasFeb,
      customer: { id: amaka.user.id, email: 'amaka.filterson@example.com', name: 'Amaka Filterson' },
    });
  });

  it('finds every order of every matching customer, however many customers match', async () => {
    // More matching customers than the search used to collect (500): the oldest must still be found.
    const first = await createUser(t, { email: 'manymatch.first@example.com' });
    await fundWallet(first.user.id, 10_000_00);
    const { body } = await call(t, 'POST', '/api/product-order/store', {
      token: first.token,
      body: purchase({ payment_method: 'wallet' }),
    });
    const { users } = await import('../users/schema');
    await t.db.insert(users).values(
      Array.from({ length: 510 }, (_, i) => ({
        firstName: 'Many',
        lastName: `Match${i}`,
        email: `manymatch.${i}@example.com`,
        phoneNumber: `+23480${String(10_000_000 + i)}`,
        passwordHash: 'x',
        referralCode: `MANYMATCH${i}`,
      })),
    );
    const res = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { search: 'manymatch' } });
    expect(res.body.data.data.map((o: { id: number }) => o.id)).toEqual([body.data.id]);
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
      Array.from({ length: 8 }, () =>
        call(t, 'POST', '/api/product-order/store', {
          token: actor.token,
          body: { ...purchase(), transaction_id: reference },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    // The sandbox's charge.success webhook is the other racer: wait until it has been processed.
    const event = await eventually(async () => {
      const [row] = await t.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.event, 'charge.success'), eq(webhookEvents.reference, reference)));
      return row?.processedAt ? row : undefined;
    });
    expect(event.lastError).toBeNull();
    expect(await ordersOf(actor.user.id)).toHaveLength(1);
  });

  it('concurrent wallet purchases never overdraw', async () => {
    const actor = await createUser(t);
    const { credit } = await import('../wallet/ledger');
    // Enough for exactly 3 orders of 2 bags.
    await t.db.transaction((tx) =>
      credit(tx, actor.user.id, {
        amountKobo: 3 * 2 * UNIT_NAIRA * 100,
        type: 'deposit',
        reference: `race-${actor.user.id}`,
        description: 'test',
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, 'POST', '/api/product-order/store', {
          token: actor.token,
          body: purchase({ payment_method: 'wallet' }),
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 201);
    expect(placed).toHaveLength(3);
    expect(results.filter((r) => r.status === 422)).toHaveLength(7);
    expect(await balanceOf(actor.user.id)).toBe(0);
    expect(await inconsistentWallets(t.db)).toEqual([]);
    // Each order placed wrote all of its rows, and no refused one wrote any.
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id));
    const debits = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.walletId, wallet!.id), eq(ledgerEntries.type, 'purchase')));
    const mine = await ordersOf(actor.user.id);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(mine.map((o) => o.id).sort()).toEqual(placed.map((r) => r.body.data.id).sort());
    expect(debits.map((e) => e.reference).sort()).toEqual(mine.map((o) => o.paymentReference).sort());
    expect(debits.sort(byId).map((e) => e.balanceAfterKobo)).toEqual([2, 1, 0].map((n) => n * 2 * UNIT_NAIRA * 100));
    for (const order of mine) {
      expect(await statusHistoryOf(t.db, 'order', order.id)).toHaveLength(1);
    }
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, actor.user.id));
    expect(notices.map((n) => n.description.match(/Order #(\d+) /)?.[1]).sort()).toEqual(
      mine.map((o) => String(o.id)).sort(),
    );
  });
});
