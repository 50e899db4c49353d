import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { credit, inconsistentWallets } from '../wallet/service';

let t: TestApp;
let admin: Actor;
let lekki: { id: number };
let yaba: { id: number };
let sachet: { id: number };
let gasProduct: { id: number };
const PRICE = 400;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const gas = await createCategory(t, admin.token, { kind: 'gas' });
  sachet = await createProduct(t, admin.token, { product_category: water.id, locations: [{ id: lekki.id, product_location_price: PRICE }, { id: yaba.id, product_location_price: PRICE }] });
  gasProduct = await createProduct(t, admin.token, { product_category: gas.id, locations: [{ id: lekki.id, product_location_price: 1200 }] });
});
afterAll(() => t.close());

async function approvedAgent(locationId: number, sells: Record<string, boolean> = { sells_sachet_water: true }) {
  const actor = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', { token: actor.token, body: { agent_name: 'Iya Basira Water', agent_email: actor.user.email } });
  expect(applied.status).toBe(201);
  await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: applied.body.data.id, status: 'approved' } });
  const set = await call(t, 'POST', '/api/agents/update', { token: actor.token, body: { location_id: locationId, ...sells } });
  expect(set.status).toBe(200);
  return actor;
}

async function paidOrder(productId: number, locationId: number, quantity = 2) {
  const customer = await createUser(t);
  await t.db.transaction((tx) => credit(tx, customer.user.id, { amountKobo: 100_000_00, type: 'deposit', reference: `seed-${customer.user.id}`, description: 'test' }));
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: { product_id: productId, location_id: locationId, quantity, recipient_address: '5 Bourdillon Road, Ikoyi', payment_method: 'wallet' },
  });
  expect(res.status).toBe(201);
  return { customer, order: res.body.data as { id: number } };
}

describe('applications', () => {
  it('one application per user, pending until an admin decides, and the user carries it', async () => {
    const actor = await createUser(t);
    const res = await call(t, 'POST', '/api/agents/store', { token: actor.token, body: { agent_name: 'Mama Put Water', agent_email: 'biz@example.com' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration Successful');
    expect((await call(t, 'POST', '/api/agents/store', { token: actor.token, body: { agent_name: 'Again', agent_email: 'biz@example.com' } })).status).toBe(409);
    const me = await call(t, 'GET', '/api/users/me', { token: actor.token });
    expect(me.body.data.agent).toEqual({ id: res.body.data.id, status: 'pending' });
    const relogin = await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: actor.password } });
    expect(relogin.body.data.user.agent).toEqual({ id: res.body.data.id, status: 'pending' });

    for (const url of ['/api/agents/me', '/api/agents/me/dashboard', '/api/agents/me/orders', '/api/agents/me/rewards', '/api/agents/me/transactions']) {
      expect((await call(t, 'GET', url, { token: actor.token })).status, url).toBe(403);
    }
    const pending = await call(t, 'GET', '/api/agents/index', { token: admin.token, query: { status: 'pending' } });
    expect(pending.body.data.data.map((a: { id: number }) => a.id)).toContain(res.body.data.id);
    expect((await call(t, 'GET', '/api/agents/index', { token: actor.token })).status).toBe(403);

    const rejected = await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: res.body.data.id, status: 'rejected', note: 'Incomplete documents.' } });
    expect(rejected.body.data.status).toBe('rejected');
    expect((await call(t, 'GET', '/api/agents/me', { token: actor.token })).status).toBe(403);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(notes.body.data.data[0]).toMatchObject({ title: 'Agent application rejected' });
  });
});

describe('fulfilment', () => {
  it('open orders match the agent’s location and what they sell', async () => {
    const agent = await approvedAgent(lekki.id);
    const here = await paidOrder(sachet.id, lekki.id);
    const elsewhere = await paidOrder(sachet.id, yaba.id);
    const gas = await paidOrder(gasProduct.id, lekki.id);
    const open = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'open', per_page: 100 } });
    const ids = open.body.data.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(here.order.id);
    expect(ids).not.toContain(elsewhere.order.id);
    expect(ids).not.toContain(gas.order.id);
    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: gas.order.id } })).status).toBe(404);
    await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { sells_gas: true } });
    const withGas = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'open', per_page: 100 } });
    expect(withGas.body.data.data.map((o: { id: number }) => o.id)).toContain(gas.order.id);
  });

  it('first accept wins; delivery pays the commission once; the customer sees every step', async () => {
    const first = await approvedAgent(yaba.id);
    const second = await approvedAgent(yaba.id);
    const { customer, order } = await paidOrder(sachet.id, yaba.id, 3);

    const accepted = await call(t, 'POST', '/api/agents/orders/accept', { token: first.token, body: { id: order.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe('assigned');
    const late = await call(t, 'POST', '/api/agents/orders/accept', { token: second.token, body: { id: order.id } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Another agent has already accepted this order.');
    expect((await call(t, 'POST', '/api/agents/orders/update-status', { token: second.token, body: { id: order.id, status: 'out_for_delivery' } })).status).toBe(404);

    expect((await call(t, 'POST', '/api/agents/orders/update-status', { token: first.token, body: { id: order.id, status: 'delivered' } })).status).toBe(409);
    expect((await call(t, 'POST', '/api/agents/orders/update-status', { token: first.token, body: { id: order.id, status: 'out_for_delivery' } })).status).toBe(200);
    const delivered = await call(t, 'POST', '/api/agents/orders/update-status', { token: first.token, body: { id: order.id, status: 'delivered' } });
    expect(delivered.body.data.status).toBe('delivered');
    expect((await call(t, 'POST', '/api/agents/orders/update-status', { token: first.token, body: { id: order.id, status: 'delivered' } })).status).toBe(409);

    // 5% sachet-water commission on N1,200.
    const rewards = await call(t, 'GET', '/api/agents/me/rewards', { token: first.token });
    expect(rewards.body.data.data).toEqual([expect.objectContaining({ order_id: order.id, amount: 60, percent: 5, order_amount: 3 * PRICE })]);
    expect((await call(t, 'GET', '/api/wallet/me', { token: first.token })).body.data.balance).toBe(60);
    const dash = await call(t, 'GET', '/api/agents/me/dashboard', { token: first.token });
    expect(dash.body.data).toMatchObject({ delivered_this_week: 1, delivered_this_month: 1, in_progress: 0, earnings_all_time: 60 });
    expect(dash.body.data.deliveries_per_day).toHaveLength(14);
    expect(dash.body.data.deliveries_per_day.at(-1).deliveries).toBe(1);
    const transactions = await call(t, 'GET', '/api/agents/me/transactions', { token: first.token });
    expect(transactions.body.data.data.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const seen = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(seen.body.data.status).toBe('delivered');
    expect(seen.body.data.history.map((h: { status: string }) => h.status)).toEqual(['paid', 'assigned', 'out_for_delivery', 'delivered']);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('validates agent settings', async () => {
    const agent = await approvedAgent(lekki.id);
    const bad = await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { cac_number: 'not-a-number', location_id: 999_999 } });
    expect(bad.status).toBe(422);
    const good = await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { cac_number: 'rc123456', business_phone: '0803 111 2222' } });
    expect(good.body.data).toMatchObject({ cac_number: 'RC123456', business_phone: '08031112222' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: concurrent accepts', () => {
  it('exactly one of many agents accepting at once gets the order', async () => {
    const contenders = await Promise.all(Array.from({ length: 6 }, () => approvedAgent(lekki.id)));
    const { order } = await paidOrder(sachet.id, lekki.id);
    const results = await Promise.all(contenders.map((agent) => call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: order.id } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });
});
