import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDaysTo, lagosDay } from '@ruwa/contract/dates';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { sandboxCharge } from '../../../test/helpers/payments';
import { credit } from '../wallet/ledger';
import { wallets } from '../wallet/schema';
import { orders, subscriptions } from './schema';
import { scheduleDueDeliveries } from './service';

// Checkout rules: who receives the order, the location's delivery fee and minimum order, and the
// server's total that both wallet and card payments are held to.

let t: TestApp;
let admin: Actor;
let productId: number;
/** Free delivery, no minimum. */
let freeId: number;
/** ₦500 delivery, ₦1,000 minimum. */
let paidId: number;
const UNIT = 400;
const FEE = 500;
const MINIMUM = 1000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  freeId = (await createLocation(t, admin.token)).id;
  paidId = (await createLocation(t, admin.token, { delivery_fee: FEE, minimum_order: MINIMUM })).id;
  productId = (
    await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [
        { id: freeId, product_location_price: UNIT },
        { id: paidId, product_location_price: UNIT },
      ],
    })
  ).id;
});
afterAll(() => t.close());

const purchase = (overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  location_id: paidId,
  quantity: 3,
  recipient_address: '12 Admiralty Way, Lekki Phase 1',
  ...overrides,
});

async function fund(actor: Actor, naira: number) {
  await t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `fund-${actor.user.id}-${naira}`,
      description: 'test',
    }),
  );
}
const balanceOf = async (actor: Actor) =>
  (await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id)))[0]?.balanceKobo ?? 0;
const ordersOf = (actor: Actor) => t.db.select().from(orders).where(eq(orders.userId, actor.user.id));

describe('recipient phone and landmark', () => {
  it("defaults the recipient phone to the buyer's own and returns both on the order payloads", async () => {
    const buyer = await createUser(t);
    await fund(buyer, 5000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ payment_method: 'wallet', landmark: '  Opposite the church, blue gate ' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      recipient_phone: buyer.user.phoneNumber,
      landmark: 'Opposite the church, blue gate',
    });
    for (const url of ['/api/product-order/show', '/api/admin/orders/show']) {
      const shown = await call(t, 'GET', url, {
        token: url.includes('admin') ? admin.token : buyer.token,
        query: { id: res.body.data.id },
      });
      expect(shown.body.data).toMatchObject({
        recipient_phone: buyer.user.phoneNumber,
        landmark: 'Opposite the church, blue gate',
      });
    }
    const mine = await call(t, 'GET', '/api/product-order/me', { token: buyer.token });
    expect(mine.body.data.data[0]).toMatchObject({ recipient_phone: buyer.user.phoneNumber });
  });

  it('keeps another recipient number in international form, and refuses one that is not a Nigerian mobile', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 5000);
    const bad = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ payment_method: 'wallet', recipient_phone: '12345' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.recipient_phone[0]).toMatch(/Nigerian mobile number/);
    const tooLong = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ payment_method: 'wallet', landmark: 'x'.repeat(201) }),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.landmark[0]).toMatch(/200 characters/);
    expect(await ordersOf(buyer)).toHaveLength(0);

    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ payment_method: 'wallet', recipient_phone: '0809 876 5432' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.recipient_phone).toBe('+2348098765432');
    expect((await ordersOf(buyer))[0]!.recipientPhone).toBe('+2348098765432');
  });
});

describe('delivery fee and minimum order per location', () => {
  it('lets only admins set them, and shows them on the location', async () => {
    const location = await createLocation(t, admin.token);
    const customer = await createUser(t);
    const refused = await call(t, 'POST', '/api/location/update', {
      token: customer.token,
      body: { id: location.id, delivery_fee: 1 },
    });
    expect(refused.status).toBe(403);
    const negative = await call(t, 'POST', '/api/location/update', {
      token: admin.token,
      body: { id: location.id, delivery_fee: -1 },
    });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.delivery_fee[0]).toMatch(/may not be negative/);
    const res = await call(t, 'POST', '/api/location/update', {
      token: admin.token,
      body: { id: location.id, delivery_fee: 350.5, minimum_order: 2000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: location.name, delivery_fee: 350.5, minimum_order: 2000 });
    const listed = await call(t, 'GET', '/api/location/index', {
      token: customer.token,
      query: { enabled: 1, per_page: 100 },
    });
    expect(listed.body.data.data.find((l: { id: number }) => l.id === location.id)).toMatchObject({
      delivery_fee: 350.5,
      minimum_order: 2000,
    });
  });

  it('adds the fee to a wallet order: the order keeps items, fee and total, and the wallet pays the total', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 5000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ payment_method: 'wallet', order_amount: 1 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      order_sub_amount: 3 * UNIT,
      delivery_fee: FEE,
      order_amount: 3 * UNIT + FEE,
    });
    const [row] = await ordersOf(buyer);
    expect(row).toMatchObject({ subAmountKobo: 3 * UNIT * 100, deliveryFeeKobo: FEE * 100 });
    expect(row!.amountKobo).toBe((3 * UNIT + FEE) * 100);
    expect(await balanceOf(buyer)).toBe((5000 - 3 * UNIT - FEE) * 100);
  });

  it('charges no fee where delivery is free', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 5000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ location_id: freeId, quantity: 1, payment_method: 'wallet' }),
    });
    expect(res.body.data).toMatchObject({ delivery_fee: 0, order_amount: UNIT });
  });

  it('refuses items below the minimum (the fee does not count) before any money moves', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 5000);
    // 2 x ₦400 = ₦800 of items: under ₦1,000 even though ₦800 + ₦500 fee is over it.
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ quantity: 2, payment_method: 'wallet' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.quantity[0]).toMatch(/minimum order in .* is ₦1,000/);
    expect(await balanceOf(buyer)).toBe(5000 * 100);
    const intent = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: buyer.token,
      body: { purpose: 'product_order', ...purchase({ quantity: 2 }) },
    });
    expect(intent.status).toBe(422);
    expect(intent.body.errors).toHaveProperty('quantity');
  });

  it("prices the card popup with the fee and holds the card payment to the server's total", async () => {
    const buyer = await createUser(t);
    const intent = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: buyer.token,
      body: { purpose: 'product_order', ...purchase() },
    });
    expect(intent.status).toBe(200);
    expect(intent.body.data.amount_kobo).toBe((3 * UNIT + FEE) * 100);

    // Paid for the items only (the fee left out): refused, nothing created.
    const short = await sandboxCharge(t, { amountKobo: 3 * UNIT * 100, email: buyer.user.email });
    const refused = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ transaction_id: short }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.transaction_id[0]).toMatch(/does not match the price \(₦1,700\)/);
    expect(await ordersOf(buyer)).toHaveLength(0);

    const paid = await sandboxCharge(t, { amountKobo: (3 * UNIT + FEE) * 100, email: buyer.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: purchase({ transaction_id: paid }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ delivery_fee: FEE, order_amount: 3 * UNIT + FEE, payment_method: 'card' });
  });

  it('charges a subscription the fee on every delivery, and refunds unused deliveries with their fee', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 20_000);
    const res = await call(t, 'POST', '/api/subscription-order/store', {
      token: buyer.token,
      body: {
        ...purchase({ payment_method: 'wallet', landmark: 'Yellow house' }),
        duration_in_days: 28,
        delivery_interval_days: 7,
      },
    });
    expect(res.status).toBe(201);
    const perDelivery = 3 * UNIT + FEE;
    expect(res.body.data).toMatchObject({
      deliveries: 4,
      delivery_fee: FEE,
      order_amount: 4 * perDelivery,
      recipient_phone: buyer.user.phoneNumber,
      landmark: 'Yellow house',
    });
    expect(await balanceOf(buyer)).toBe((20_000 - 4 * perDelivery) * 100);
    const [delivery] = await ordersOf(buyer);
    expect(delivery).toMatchObject({
      subAmountKobo: 3 * UNIT * 100,
      deliveryFeeKobo: FEE * 100,
      amountKobo: perDelivery * 100,
      landmark: 'Yellow house',
    });

    const cancelled = await call(t, 'POST', '/api/subscription-order/cancel', {
      token: buyer.token,
      body: { id: res.body.data.id },
    });
    expect(cancelled.body.data.refunded_amount).toBe(3 * perDelivery);
    expect(await balanceOf(buyer)).toBe((20_000 - perDelivery) * 100);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.user.id));
    expect(row!.deliveryFeeKobo).toBe(FEE * 100);
  });
});

describe('gas by cylinder size', () => {
  let gasId: number;
  let kgOnlyId: number;
  beforeAll(async () => {
    const gas = await createCategory(t, admin.token, { kind: 'gas' });
    const created = await call(t, 'POST', '/api/products/store', {
      token: admin.token,
      body: {
        product_name: 'Cooking Gas',
        product_category: gas.id,
        product_price: 1200,
        locations: [{ id: freeId }, { id: paidId }],
        cylinders: [
          { location_id: freeId, size_kg: 12.5, refill_price: 15_000, new_price: 52_000 },
          { location_id: freeId, size_kg: 50, refill_price: 60_000 },
          { location_id: paidId, size_kg: '12.5', refill_price: 15_500, new_price: '' },
        ],
      },
    });
    expect(created.status).toBe(201);
    gasId = created.body.data.id;
    expect(created.body.data.cylinders).toEqual([
      { location_id: freeId, size_kg: 12.5, refill_price: 15_000, new_price: 52_000 },
      { location_id: freeId, size_kg: 50, refill_price: 60_000, new_price: null },
      { location_id: paidId, size_kg: 12.5, refill_price: 15_500, new_price: null },
    ]);
    kgOnlyId = (await createProduct(t, admin.token, { product_category: gas.id, locations: [{ id: freeId }] })).id;
  });

  const gasOrder = (overrides: Record<string, unknown> = {}) =>
    purchase({ product_id: gasId, location_id: freeId, quantity: 2, payment_method: 'wallet', ...overrides });

  it('shows the sizes and prices of the location on the storefront, smallest first', async () => {
    const buyer = await createUser(t);
    const res = await call(t, 'GET', '/api/location/products/index', {
      token: buyer.token,
      query: { location_id: freeId, per_page: 100 },
    });
    const listed = res.body.data.data.find((p: { id: number }) => p.id === gasId);
    expect(listed.cylinders).toEqual([
      { size_kg: 12.5, refill_price: 15_000, new_price: 52_000 },
      { size_kg: 50, refill_price: 60_000, new_price: null },
    ]);
  });

  it('orders two 12.5 kg refills, priced per cylinder, with the size on the order', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 100_000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ cylinder_size_kg: '12.5', cylinder_type: 'refill' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      product_name: 'Cooking Gas (12.5 kg refill)',
      quantity: 2,
      unit_price: 15_000,
      order_amount: 30_000,
      cylinder_size_kg: 12.5,
      cylinder_type: 'refill',
    });
    expect((await ordersOf(buyer))[0]).toMatchObject({ cylinderSizeGrams: 12_500, cylinderType: 'refill' });
    expect(await balanceOf(buyer)).toBe(70_000 * 100);
  });

  it('sells a new cylinder only where offered, and holds a card payment to the cylinder price plus the fee', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 100_000);
    const fresh = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ quantity: 1, cylinder_size_kg: 12.5, cylinder_type: 'new' }),
    });
    expect(fresh.body.data).toMatchObject({ unit_price: 52_000, cylinder_type: 'new' });
    const none = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ quantity: 1, cylinder_size_kg: 50, cylinder_type: 'new' }),
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.cylinder_type[0]).toMatch(/New 50 kg cylinders are not sold here/);

    const card = await createUser(t);
    const body = gasOrder({ location_id: paidId, quantity: 1, cylinder_size_kg: 12.5, payment_method: 'card' });
    const short = await sandboxCharge(t, { amountKobo: 15_500 * 100, email: card.user.email });
    const refused = await call(t, 'POST', '/api/product-order/store', {
      token: card.token,
      body: { ...body, transaction_id: short },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.transaction_id[0]).toMatch(/does not match the price \(₦16,000\)/);
    const paid = await sandboxCharge(t, { amountKobo: (15_500 + FEE) * 100, email: card.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: card.token,
      body: { ...body, transaction_id: paid },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ cylinder_size_kg: 12.5, delivery_fee: FEE, order_amount: 15_500 + FEE });
  });

  it('asks for a size it sells, refuses sizes elsewhere, and keeps per-kg gas working', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 100_000);
    const missing = await call(t, 'POST', '/api/product-order/store', { token: buyer.token, body: gasOrder() });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.cylinder_size_kg[0]).toBe('Choose a cylinder size: 12.5 kg, 50 kg.');
    const unknown = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ cylinder_size_kg: 6 }),
    });
    expect(unknown.body.errors.cylinder_size_kg[0]).toMatch(/not sold here/);
    const perKg = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ product_id: kgOnlyId, quantity: 5, cylinder_size_kg: 12.5 }),
    });
    expect(perKg.body.errors.cylinder_size_kg[0]).toMatch(/not sold by cylinder size/);
    const kg = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: gasOrder({ product_id: kgOnlyId, quantity: 5 }),
    });
    expect(kg.status).toBe(201);
    expect(kg.body.data).toMatchObject({ quantity: 5, cylinder_size_kg: null, unit_price: 500 });
  });

  it('subscribes to a cylinder size like a one-off order: every delivery brings it, priced per cylinder', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 200_000);
    const subscribe = (overrides: Record<string, unknown>) =>
      call(t, 'POST', '/api/subscription-order/store', {
        token: buyer.token,
        body: {
          ...gasOrder({ quantity: 1, ...overrides }),
          duration_in_days: 14,
          delivery_interval_days: 7,
          recipient_city: 'lekki',
          recipient_state: 'lagos',
          recipient_country: 'nigeria',
        },
      });
    const missing = await subscribe({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.cylinder_size_kg[0]).toBe('Choose a cylinder size: 12.5 kg, 50 kg.');
    expect(await balanceOf(buyer)).toBe(200_000 * 100);

    const res = await subscribe({ cylinder_size_kg: '12.5', cylinder_type: 'new' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      product_name: 'Cooking Gas (12.5 kg new cylinder)',
      unit_price: 52_000,
      deliveries: 2,
      order_amount: 2 * 52_000,
      cylinder_size_kg: 12.5,
      cylinder_type: 'new',
    });
    expect(await balanceOf(buyer)).toBe((200_000 - 2 * 52_000) * 100);
    const weekLater = addDaysTo(lagosDay(), 7);
    await scheduleDueDeliveries(t.ctx, weekLater);
    const deliveries = await ordersOf(buyer);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries)
      expect(delivery).toMatchObject({
        subscriptionId: res.body.data.id,
        productName: 'Cooking Gas (12.5 kg new cylinder)',
        cylinderSizeGrams: 12_500,
        cylinderType: 'new',
        unitPriceKobo: 52_000 * 100,
        amountKobo: 52_000 * 100,
      });
    const mine = await call(t, 'GET', '/api/product-order/me', { token: buyer.token, query: { per_page: 10 } });
    expect(mine.body.data.data[0]).toMatchObject({ cylinder_size_kg: 12.5, cylinder_type: 'new' });
  });

  it('lets admins edit sizes (gas only, at the product’s locations) and nobody else', async () => {
    const customer = await createUser(t);
    const refused = await call(t, 'POST', '/api/products/update', {
      token: customer.token,
      body: { id: gasId, cylinders: [] },
    });
    expect(refused.status).toBe(403);
    const elsewhere = await createLocation(t, admin.token);
    const notSoldThere = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: gasId, cylinders: [{ location_id: elsewhere.id, size_kg: 6, refill_price: 7000 }] },
    });
    expect(notSoldThere.status).toBe(422);
    expect(notSoldThere.body.errors.cylinders[0]).toMatch(/Add location/);
    const water = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: productId, cylinders: [{ location_id: freeId, size_kg: 6, refill_price: 7000 }] },
    });
    expect(water.body.errors.cylinders[0]).toBe('Only gas products are sold by cylinder size.');
    const updated = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: {
        id: gasId,
        cylinders: [
          { location_id: freeId, size_kg: 6, refill_price: 7000 },
          { location_id: freeId, size_kg: 12.5, refill_price: 15_200 },
        ],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.cylinders.map((c: { size_kg: number }) => c.size_kg)).toEqual([6, 12.5]);
  });
});

describe('delivery windows with a cut-off (Lagos time)', () => {
  let windowsId: number;
  const WINDOWS = [
    { name: 'Morning', starts: '08:00', ends: '12:00', cutoff: '07:00' },
    { name: 'Evening', starts: '16:00', ends: '20:00', cutoff: '15:00' },
  ];
  beforeAll(async () => {
    windowsId = (await createLocation(t, admin.token, { delivery_windows: WINDOWS })).id;
    await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: {
        id: productId,
        new_locations: [{ id: windowsId, product_location_price: UNIT }],
      },
    });
    // 08:30 in Lagos on 25 Nov 2026 (07:30 UTC): today's morning run has closed, the evening's has not.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T07:30:00Z'));
  });
  afterAll(() => vi.useRealTimers());

  const booked = (overrides: Record<string, unknown>) =>
    purchase({ location_id: windowsId, quantity: 1, payment_method: 'wallet', ...overrides });

  it('refuses a window edited wrong by an admin', async () => {
    const res = await call(t, 'POST', '/api/location/update', {
      token: admin.token,
      body: { id: windowsId, delivery_windows: [{ name: 'Late', starts: '20:00', ends: '18:00', cutoff: '21:00' }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors['delivery_windows.0.ends'][0]).toBe('The window must end after it starts.');
    expect(res.body.errors['delivery_windows.0.cutoff'][0]).toBe('The cut-off must be at or before the start.');
  });

  it('books today before the cut-off or tomorrow, and stores the day and window on the order', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 10_000);
    const unknown = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'Midnight' }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.delivery_window[0]).toBe(
      'Choose one of the delivery windows offered here: Morning, Evening.',
    );
    const closed = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'Morning', delivery_date: '2026-11-25' }),
    });
    expect(closed.status).toBe(422);
    expect(closed.body.errors.delivery_window[0]).toMatch(/today's Morning delivery closed at 07:00/);
    const tooFar = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'Morning', delivery_date: '2026-11-27' }),
    });
    expect(tooFar.body.errors.delivery_date[0]).toMatch(/today or tomorrow/);

    const evening = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'Evening', delivery_date: '2026-11-25' }),
    });
    expect(evening.status).toBe(201);
    expect(evening.body.data).toMatchObject({ scheduled_for: '2026-11-25', delivery_window: 'Evening (16:00–20:00)' });
    const morning = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'Morning', delivery_date: '2026-11-26' }),
    });
    expect(morning.body.data).toMatchObject({ scheduled_for: '2026-11-26', delivery_window: 'Morning (08:00–12:00)' });
    // Without a window (a client that knows none), the earliest open run; without a day, the window's next run.
    const earliest = await call(t, 'POST', '/api/product-order/store', { token: buyer.token, body: booked({}) });
    expect(earliest.body.data).toMatchObject({ scheduled_for: '2026-11-25', delivery_window: 'Evening (16:00–20:00)' });
    const nextMorning = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: booked({ delivery_window: 'morning' }),
    });
    expect(nextMorning.body.data).toMatchObject({
      scheduled_for: '2026-11-26',
      delivery_window: 'Morning (08:00–12:00)',
    });
    expect(await balanceOf(buyer)).toBe((10_000 - 4 * UNIT) * 100);
  });

  it('books the next run for a card charged for today after the cut-off passed, rather than no order', async () => {
    const buyer = await createUser(t);
    const body = booked({ delivery_window: 'Evening', delivery_date: '2026-11-25', payment_method: 'card' });
    const intent = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: buyer.token,
      body: { purpose: 'product_order', ...body },
    });
    expect(intent.status).toBe(200);
    const reference = await sandboxCharge(t, { amountKobo: UNIT * 100, email: buyer.user.email });
    // The customer paid at 14:59; the order is stored at 15:01, after the evening cut-off.
    vi.setSystemTime(new Date('2026-11-25T14:01:00Z'));
    try {
      const res = await call(t, 'POST', '/api/product-order/store', {
        token: buyer.token,
        body: { ...body, transaction_id: reference },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ scheduled_for: '2026-11-26', delivery_window: 'Evening (16:00–20:00)' });
      // Booking it now, before paying, is refused.
      const late = await call(t, 'POST', '/api/payments/paystack/initialize', {
        token: buyer.token,
        body: { purpose: 'product_order', ...body },
      });
      expect(late.status).toBe(422);
      expect(late.body.errors.delivery_window[0]).toMatch(/closed at 15:00/);
    } finally {
      vi.setSystemTime(new Date('2026-11-25T07:30:00Z'));
    }
  });

  it('at 00:30 in Lagos (23:30 UTC the day before) books for the Lagos day', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 10_000);
    const store = (path: string, body: Record<string, unknown>) =>
      call(t, 'POST', path, { token: buyer.token, body: booked({ delivery_window: 'Morning', ...body }) });
    vi.setSystemTime(new Date('2026-11-25T23:30:00Z'));
    try {
      const yesterday = await store('/api/product-order/store', { delivery_date: '2026-11-25' });
      expect(yesterday.status).toBe(422);
      expect(yesterday.body.errors.delivery_date[0]).toMatch(/today or tomorrow/);
      const morning = await store('/api/product-order/store', { delivery_date: '2026-11-26' });
      expect(morning.status).toBe(201);
      expect(morning.body.data).toMatchObject({
        scheduled_for: '2026-11-26',
        delivery_window: 'Morning (08:00–12:00)',
      });
      const subscription = await store('/api/subscription-order/store', {
        duration_in_days: 7,
        delivery_interval_days: 7,
      });
      expect(subscription.body.data).toMatchObject({ starts_on: '2026-11-26', delivery_dates: ['2026-11-26'] });
    } finally {
      vi.setSystemTime(new Date('2026-11-25T07:30:00Z'));
    }
  });

  it('starts a subscription at the next open run of its window and dates every delivery', async () => {
    const buyer = await createUser(t);
    await fund(buyer, 10_000);
    const res = await call(t, 'POST', '/api/subscription-order/store', {
      token: buyer.token,
      body: { ...booked({ delivery_window: 'Morning' }), duration_in_days: 14, delivery_interval_days: 7 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      starts_on: '2026-11-26',
      delivery_window: 'Morning (08:00–12:00)',
      delivery_dates: ['2026-11-26', '2026-12-03'],
    });
    const [first] = await ordersOf(buyer);
    expect(first).toMatchObject({ scheduledFor: '2026-11-26', deliveryWindow: 'Morning (08:00–12:00)' });
  });
});
