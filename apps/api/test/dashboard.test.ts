import { addDaysTo, lagosDay } from '@ruwa/contract/dates';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard as figures } from '../src/modules/admin/dashboard';
import { orders, subscriptions } from '../src/modules/orders/schema';
import { users } from '../src/modules/users/schema';
import { vtuPurchases } from '../src/modules/vtu/schema';
import { credit, debit } from '../src/modules/wallet/ledger';
import { ledgerEntries } from '../src/modules/wallet/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';

/**
 * The dashboard's figures, checked against data seeded on known Lagos days. Every row is
 * made through the real routes (or the ledger), then moved to its day, so each range boundary is
 * exercised: '7d' is today and the 6 days before it, '30d' (and the chart) today and the 29 before.
 */

let t: TestApp;
let admin: Actor;
const actors: Actor[] = [];

const KINDS = ['sachet_water', 'bottle_water', 'gas', 'airtime', 'data'] as const;
type Kind = (typeof KINDS)[number];

/** The Lagos calendar date `n` days before today. */
const daysAgo = (n: number): string => addDaysTo(lagosDay(), -n);
/** An instant on that Lagos day (Lagos is UTC+1 all year). */
const at = (n: number, time = '12:00:00') => new Date(`${daysAgo(n)}T${time}+01:00`);

async function user(overrides: Parameters<typeof createUser>[1] = {}) {
  const actor = await createUser(t, overrides);
  actors.push(actor);
  return actor;
}

const fund = (actor: Actor, naira: number, type: 'deposit' | 'reward' = 'reward') =>
  t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: naira * 100,
      type,
      reference: `seed-${type}-${actor.user.id}-${naira}-${Math.random()}`,
      description: 'seed',
    }),
  );

async function ok(res: Promise<{ status: number; body: { data: unknown } }>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body.data as { id: number } & Record<string, unknown>;
}

/** The figures as the route answers them (dates as ISO strings, like the JSON). */
type Figures = Awaited<ReturnType<typeof figures>>;
const dashboard = async (range: 'today' | '7d' | '30d') =>
  (await ok(call(t, 'GET', '/api/admin/dashboard', { token: admin.token, query: { range } }))) as unknown as Figures;

let bundlePrice = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  const location = await createLocation(t, admin.token);
  const product = async (kind: Kind, price: number) =>
    (
      await createProduct(t, admin.token, {
        product_category: (await createCategory(t, admin.token, { kind: kind as 'gas' })).id,
        locations: [{ id: location.id, product_location_price: price }],
      })
    ).id;
  const gas = await product('gas', 1000);
  const bottle = await product('bottle_water', 2500);
  const sachet = await product('sachet_water', 100);

  const buyer = await user();
  await fund(buyer, 100_000);
  const buy = async (productId: number, quantity: number, day: number, time?: string, then: string[] = []) => {
    const order = await ok(
      call(t, 'POST', '/api/product-order/store', {
        token: buyer.token,
        body: {
          product_id: productId,
          location_id: location.id,
          quantity,
          recipient_address: '3 Ozumba Mbadiwe, VI',
          payment_method: 'wallet',
        },
      }),
      201,
    );
    for (const status of then)
      await ok(
        call(t, 'POST', '/api/admin/orders/update-status', {
          token: admin.token,
          // Delivered without the customer's code needs the admin's reason.
          body: { id: order.id, status, note: 'Confirmed with the customer' },
        }),
      );
    await t.db
      .update(orders)
      .set({ createdAt: at(day, time) })
      .where(eq(orders.id, order.id));
  };
  await buy(gas, 5, 0); // N5,000 of gas, today
  await buy(bottle, 2, 3, undefined, ['out_for_delivery', 'delivered']); // N5,000, delivered
  await buy(bottle, 1, 6, '00:00:00'); // N2,500 at the first instant of the 7-day window
  await buy(gas, 1, 7, '23:59:59'); // N1,000 at the last instant before it
  await buy(gas, 1, 20, undefined, ['refunded']); // refunded: an order, but no revenue
  await buy(sachet, 10, 29); // N1,000 on the first day of the 30-day window and the chart
  await buy(sachet, 10, 30); // N1,000 a day too early for either

  const subscribe = async (
    productId: number,
    quantity: number,
    duration: number,
    interval: number,
    day: number,
    cancel: boolean,
  ) => {
    const subscription = await ok(
      call(t, 'POST', '/api/subscription-order/store', {
        token: buyer.token,
        body: {
          product_id: productId,
          location_id: location.id,
          quantity,
          recipient_address: '3 Ozumba Mbadiwe, VI',
          payment_method: 'wallet',
          duration_in_days: duration,
          delivery_interval_days: interval,
        },
      }),
      201,
    );
    if (cancel)
      await ok(
        call(t, 'POST', '/api/subscription-order/cancel', { token: buyer.token, body: { id: subscription.id } }),
      );
    await t.db
      .update(subscriptions)
      .set({ createdAt: at(day) })
      .where(eq(subscriptions.id, subscription.id));
    await t.db
      .update(orders)
      .set({ createdAt: at(day) })
      .where(eq(orders.subscriptionId, subscription.id));
  };
  await subscribe(sachet, 10, 14, 7, 2, false); // 2 deliveries of N1,000 = N2,000, still active
  await subscribe(gas, 1, 7, 3, 10, true); // 3 deliveries of N1,000, cancelled after the first: N1,000 kept

  const vtu = async (path: 'airtime' | 'data', body: object, day: number, time?: string) => {
    const purchase = await ok(
      call(t, 'POST', `/api/product-order/buy/${path}`, {
        token: buyer.token,
        body: { payment_method: 'wallet', confirm_duplicate: true, ...body },
      }),
      201,
    );
    await t.db
      .update(vtuPurchases)
      .set({ createdAt: at(day, time) })
      .where(eq(vtuPurchases.id, purchase.id));
    return purchase;
  };
  expect((await vtu('airtime', { amount: 500, phone: '08031234567', network_id: 'mtn' }, 0)).status).toBe('delivered');
  expect((await vtu('airtime', { amount: 300, phone: '08030000000', network_id: 'mtn' }, 0)).status).toBe('refunded');
  const bundle = (
    (await call(t, 'GET', '/api/data-bundles', { token: buyer.token, query: { network: 'mtn' } })).body.data as {
      id: number;
      name: string;
      price: number;
    }[]
  ).find((b) => b.name === '1GB 30 days')!;
  bundlePrice = bundle.price;
  expect(
    (await vtu('data', { phone: '08031112233', network_id: 'mtn', variation_id: bundle.id, price: bundle.price }, 4))
      .status,
  ).toBe('delivered');
  // At the first instant of the 30-day window (and of the chart).
  expect((await vtu('airtime', { amount: 200, phone: '08031234568', network_id: 'mtn' }, 29, '00:00:00')).status).toBe(
    'delivered',
  );
  expect((await vtu('airtime', { amount: 400, phone: '08031234569', network_id: 'mtn' }, 31)).status).toBe('delivered');

  // Deposits and withdrawals on the ledger, on their days.
  const saver = await user();
  const move = async (entry: Promise<{ id: number }>, day: number, time?: string) => {
    const { id } = await entry;
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: at(day, time) })
      .where(eq(ledgerEntries.id, id));
  };
  await move(fund(saver, 20_000, 'deposit'), 0);
  await move(fund(saver, 3_000, 'deposit'), 6, '00:00:00');
  await move(fund(saver, 7_000, 'deposit'), 7, '23:59:59');
  await move(fund(saver, 9_000, 'deposit'), 30);
  const withdraw = (naira: number) =>
    t.db.transaction((tx) =>
      debit(tx, saver.user.id, {
        amountKobo: naira * 100,
        type: 'withdrawal',
        reference: `seed-wdr-${naira}`,
        description: 'seed',
        status: 'success',
      }),
    );
  await move(withdraw(1_200), 0);
  await move(withdraw(800), 3);
  await move(withdraw(500), 10);
  // Reversed by the bank: it never left, so no range counts it.
  await move(withdraw(650), 1);
  await t.db.transaction((tx) =>
    credit(tx, saver.user.id, { amountKobo: 650_00, type: 'reversal', reference: 'seed-wdr-650', description: 'seed' }),
  );
  await move(withdraw(400), 35);

  // Agent applications: two pending, one approved.
  for (const decision of [null, null, 'approved'] as const) {
    const applicant = await user();
    const application = await ok(
      call(t, 'POST', '/api/agents/store', {
        token: applicant.token,
        body: { agent_name: 'Seeded Agent', agent_email: applicant.user.email },
      }),
      201,
    );
    if (decision)
      await ok(
        call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: application.id, status: decision },
        }),
      );
  }

  // Everyone so far joined long ago; four customers join on known days (the admin is no customer).
  await t.db.update(users).set({ createdAt: at(40) });
  for (const day of [0, 5, 20, 31]) {
    const customer = await user();
    await t.db
      .update(users)
      .set({ createdAt: at(day) })
      .where(eq(users.id, customer.user.id));
  }
  await t.db
    .update(users)
    .set({ createdAt: at(0) })
    .where(inArray(users.id, [admin.user.id]));
});
afterAll(() => t.close());

const zero = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;

describe('GET /api/admin/dashboard against seeded data', () => {
  it('today', async () => {
    const data = await dashboard('today');
    expect(data.from).toBe(at(0, '00:00:00').toISOString());
    expect(data.revenue).toEqual({ ...zero(), gas: 5_000, airtime: 500 });
    expect(data.revenue_total).toBe(5_500);
    expect(data.orders_by_status).toEqual({ paid: 1 });
    expect(data.vtu).toEqual({ purchases: 2, delivered: 1, success_rate: 50, refunds: 1, refunded_amount: 300 });
    expect(data.deposits).toEqual({ count: 1, amount: 20_000 });
    expect(data.withdrawals).toEqual({ count: 1, amount: 1_200 });
    expect(data.new_customers).toBe(1);
  });

  it('at 00:30 in Lagos (23:30 UTC the day before), today is the Lagos day', async () => {
    const data = await figures(t.db, 'today', at(0, '00:30:00'));
    expect(data.from).toBe(at(0, '00:00:00').toISOString());
    expect(data.revenue).toMatchObject({ gas: 5_000, airtime: 500 });
    expect(data.chart.at(-1)!.day).toBe(daysAgo(0));
  });

  it('7 days: today and the 6 before, from the first instant of the first day', async () => {
    const data = await dashboard('7d');
    expect(data.from).toBe(at(6, '00:00:00').toISOString());
    expect(data.revenue).toEqual({
      sachet_water: 2_000,
      bottle_water: 7_500,
      gas: 5_000,
      airtime: 500,
      data: bundlePrice,
    });
    expect(data.revenue_total).toBe(2_000 + 7_500 + 5_000 + 500 + bundlePrice);
    // The subscription's first delivery is an order too.
    expect(data.orders_by_status).toEqual({ paid: 3, delivered: 1 });
    expect(data.vtu).toEqual({ purchases: 3, delivered: 2, success_rate: 66.7, refunds: 1, refunded_amount: 300 });
    expect(data.deposits).toEqual({ count: 2, amount: 23_000 });
    expect(data.withdrawals).toEqual({ count: 2, amount: 2_000 });
    expect(data.new_customers).toBe(2);
  });

  it('30 days', async () => {
    const data = await dashboard('30d');
    expect(data.from).toBe(at(29, '00:00:00').toISOString());
    expect(data.revenue).toEqual({
      sachet_water: 3_000,
      bottle_water: 7_500,
      gas: 7_000,
      airtime: 700,
      data: bundlePrice,
    });
    expect(data.revenue_total).toBe(3_000 + 7_500 + 7_000 + 700 + bundlePrice);
    expect(data.orders_by_status).toEqual({ paid: 6, delivered: 1, refunded: 1 });
    expect(data.vtu).toEqual({ purchases: 4, delivered: 3, success_rate: 75, refunds: 1, refunded_amount: 300 });
    expect(data.deposits).toEqual({ count: 3, amount: 30_000 });
    expect(data.withdrawals).toEqual({ count: 3, amount: 2_500 });
    expect(data.new_customers).toBe(3);
  });

  it('figures that are "now" whatever the range: active subscriptions, pending agent applications, wallet float', async () => {
    let float = 0;
    for (const actor of actors) {
      const wallet = (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data as {
        balance: number;
        savings: number;
      };
      float += wallet.balance + wallet.savings;
    }
    for (const range of ['today', '7d', '30d'] as const) {
      const data = await dashboard(range);
      expect(data.active_subscriptions, range).toBe(1);
      expect(data.pending_agent_applications, range).toBe(2);
      expect(data.wallet_float, range).toBe(float);
    }
    expect(float).toBeGreaterThan(0);
  });

  it('charts each of the last 30 days, subscriptions included, adding up to the 30-day figures', async () => {
    const expected = new Map<number, { revenue: Partial<Record<Kind, number>>; orders: number }>([
      [0, { revenue: { gas: 5_000, airtime: 500 }, orders: 3 }], // an order and two VTU purchases
      [2, { revenue: { sachet_water: 2_000 }, orders: 1 }], // the subscription, and its first delivery
      [3, { revenue: { bottle_water: 5_000 }, orders: 1 }],
      [4, { revenue: { data: bundlePrice }, orders: 1 }],
      [6, { revenue: { bottle_water: 2_500 }, orders: 1 }],
      [7, { revenue: { gas: 1_000 }, orders: 1 }],
      [10, { revenue: { gas: 1_000 }, orders: 1 }], // the cancelled subscription keeps what was not refunded
      [20, { revenue: {}, orders: 1 }], // refunded
      [29, { revenue: { sachet_water: 1_000, airtime: 200 }, orders: 2 }],
    ]);
    const want = Array.from({ length: 30 }, (_, i) => {
      const n = 29 - i;
      const day = expected.get(n) ?? { revenue: {}, orders: 0 };
      return { day: daysAgo(n), revenue: { ...zero(), ...day.revenue }, orders: day.orders };
    });

    const month = await dashboard('30d');
    expect(month.chart).toEqual(want);
    for (const kind of KINDS) {
      const charted = month.chart.reduce((sum, day) => sum + day.revenue[kind], 0);
      expect(charted, kind).toBe(month.revenue[kind]);
    }
    // The chart is the same 30 days whichever range the figures show.
    expect((await dashboard('today')).chart).toEqual(want);
    expect((await dashboard('7d')).chart).toEqual(want);
  });
});
