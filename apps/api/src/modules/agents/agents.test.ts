import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '@ruwa/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { blankPng, dataUrl, tinyPng } from '../../../test/helpers/images';
import { orders } from '../orders/schema';
import { credit, inconsistentWallets } from '../wallet/service';
import { agentCommissions, agentLocations } from './schema';
import { dashboard, findAgentByUser } from './service';

let t: TestApp;
let admin: Actor;
let lekki: { id: number };
let yaba: { id: number };
let sachet: { id: number };
let gasProduct: { id: number };
const PRICE = 400;

beforeAll(async () => {
  // Every agent and customer here signs in from the same address.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const gas = await createCategory(t, admin.token, { kind: 'gas' });
  sachet = await createProduct(t, admin.token, {
    product_category: water.id,
    locations: [
      { id: lekki.id, product_location_price: PRICE },
      { id: yaba.id, product_location_price: PRICE },
    ],
  });
  gasProduct = await createProduct(t, admin.token, {
    product_category: gas.id,
    locations: [{ id: lekki.id, product_location_price: 1200 }],
  });
});
afterAll(() => t.close());

async function applicant() {
  const actor = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: actor.token,
    body: { agent_name: 'Iya Basira Water', agent_email: actor.user.email },
  });
  expect(applied.status).toBe(201);
  return { ...actor, agentId: applied.body.data.id as number };
}

async function decide(agentId: number, status: 'approved' | 'rejected' | 'suspended') {
  const res = await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: agentId, status } });
  expect(res.status).toBe(200);
}

async function approvedAgent(locationId: number, sells: Record<string, boolean> = { sells_sachet_water: true }) {
  const actor = await applicant();
  await decide(actor.agentId, 'approved');
  const set = await call(t, 'POST', '/api/agents/update', {
    token: actor.token,
    body: { location_id: locationId, ...sells },
  });
  expect(set.status).toBe(200);
  return actor;
}

async function paidOrder(productId: number, locationId: number, quantity = 2, buyer?: Actor) {
  const customer = buyer ?? (await createUser(t));
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 100_000_00,
      type: 'deposit',
      reference: `seed-${customer.user.id}`,
      description: 'test',
    }),
  );
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: productId,
      location_id: locationId,
      quantity,
      recipient_address: '5 Bourdillon Road, Ikoyi',
      payment_method: 'wallet',
    },
  });
  expect(res.status).toBe(201);
  return { customer, order: res.body.data as { id: number; delivery_code: string } };
}

describe('applications', () => {
  it('one application per user, pending until an admin decides, and the user carries it', async () => {
    const actor = await createUser(t);
    const res = await call(t, 'POST', '/api/agents/store', {
      token: actor.token,
      body: { agent_name: 'Mama Put Water', agent_email: 'biz@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration Successful');
    expect(
      (
        await call(t, 'POST', '/api/agents/store', {
          token: actor.token,
          body: { agent_name: 'Again', agent_email: 'biz@example.com' },
        })
      ).status,
    ).toBe(409);
    const me = await call(t, 'GET', '/api/users/me', { token: actor.token });
    expect(me.body.data.agent).toEqual({ id: res.body.data.id, status: 'pending' });
    const relogin = await call(t, 'POST', '/api/auth/login', {
      body: { email: actor.user.email, password: actor.password },
    });
    expect(relogin.body.data.user.agent).toEqual({ id: res.body.data.id, status: 'pending' });

    for (const url of [
      '/api/agents/me',
      '/api/agents/me/dashboard',
      '/api/agents/me/orders',
      '/api/agents/me/rewards',
      '/api/agents/me/transactions',
    ]) {
      expect((await call(t, 'GET', url, { token: actor.token })).status, url).toBe(403);
    }
    const pending = await call(t, 'GET', '/api/agents/index', { token: admin.token, query: { status: 'pending' } });
    expect(pending.body.data.data.map((a: { id: number }) => a.id)).toContain(res.body.data.id);
    expect((await call(t, 'GET', '/api/agents/index', { token: actor.token })).status).toBe(403);

    const rejected = await call(t, 'POST', '/api/agents/update-status', {
      token: admin.token,
      body: { id: res.body.data.id, status: 'rejected', note: 'Incomplete documents.' },
    });
    expect(rejected.body.data.status).toBe('rejected');
    expect((await call(t, 'GET', '/api/agents/me', { token: actor.token })).status).toBe(403);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(notes.body.data.data[0]).toMatchObject({ title: 'Agent application rejected' });
  });
});

describe('an approved agent’s own profile', () => {
  it('editing the personal profile answers the full user, so the agent area stays open', async () => {
    const agent = await approvedAgent(lekki.id);
    const res = await call(t, 'POST', '/api/users/update', {
      token: agent.token,
      body: {
        first_name: 'Basira',
        last_name: 'Lawal',
        email: agent.user.email,
        phone_number: '08061234567',
        current_password: agent.password,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.agent).toEqual({ id: expect.any(Number), status: 'approved' });
    expect(res.body.data.first_name).toBe('Basira');
    // The very shape users/me and login give: the web stores this answer as the signed-in user.
    const me = await call(t, 'GET', '/api/users/me', { token: agent.token });
    expect(res.body.data).toEqual(me.body.data);
    const relogin = await call(t, 'POST', '/api/auth/login', {
      body: { email: agent.user.email, password: agent.password },
    });
    expect(res.body.data).toEqual(relogin.body.data.user);
  });
});

describe('the approval gate on agent actions', () => {
  const refused = async (actor: Actor, orderId: number) => {
    const attempts = [
      {
        url: '/api/agents/update',
        body: { business_name: 'Taken Over', sells_sachet_water: true, location_id: lekki.id },
      },
      { url: '/api/agents/orders/accept', body: { id: orderId } },
      { url: '/api/agents/orders/update-status', body: { id: orderId, status: 'out_for_delivery' } },
    ];
    const gets = await call(t, 'GET', '/api/agents/me', { token: actor.token });
    expect(gets.status).toBe(403);
    for (const { url, body } of attempts) {
      const res = await call(t, 'POST', url, { token: actor.token, body });
      expect(res.status, url).toBe(gets.status);
      expect(res.body.message, url).toBe(gets.body.message);
    }
  };

  it('a pending applicant cannot change settings, accept or move orders', async () => {
    const pending = await applicant();
    const { order } = await paidOrder(sachet.id, lekki.id);
    await refused(pending, order.id);
    const row = await findAgentByUser(t.db, pending.user.id);
    expect(row).toMatchObject({ businessName: 'Iya Basira Water', sellsSachetWater: false });
    expect(await t.db.select().from(agentLocations).where(eq(agentLocations.agentId, row!.id))).toEqual([]);
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched).toMatchObject({ status: 'paid', assignedAgentId: null });
  });

  it('a rejected applicant is refused the same way', async () => {
    const rejected = await applicant();
    await decide(rejected.agentId, 'rejected');
    const { order } = await paidOrder(sachet.id, lekki.id);
    await refused(rejected, order.id);
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched).toMatchObject({ status: 'paid', assignedAgentId: null });
  });

  it('a suspended agent can no longer move the order they had accepted; it goes back to open', async () => {
    const agent = await approvedAgent(lekki.id);
    const { order } = await paidOrder(sachet.id, lekki.id);
    expect(
      (await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: order.id } })).status,
    ).toBe(200);
    await decide((await findAgentByUser(t.db, agent.user.id))!.id, 'suspended');
    await refused(agent, order.id);
    const [returned] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(returned).toMatchObject({ status: 'paid', assignedAgentId: null });
    expect((await findAgentByUser(t.db, agent.user.id))!.businessName).toBe('Iya Basira Water');
  });
});

describe('the business image', () => {
  it('stores an uploaded image with its responsive copies, like every other upload', async () => {
    const agent = await approvedAgent(lekki.id);
    const res = await call(t, 'POST', '/api/agents/update', {
      token: agent.token,
      body: { base64_photos: [dataUrl(tinyPng())] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.image).toMatch(/^\/uploads\/agents\/[0-9a-f]{24}-r\.jpg$/);
    const onDisk = readFileSync(path.join(t.ctx.config.DATA_DIR, res.body.data.image));
    expect(onDisk.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(res.body.data.image, 160) });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect((await call(t, 'GET', '/api/agents/me', { token: agent.token })).body.data.image).toBe(res.body.data.image);
  });

  it('refuses bytes that are not an image, a damaged image and one over 2 MB with 422, changing nothing', async () => {
    const agent = await approvedAgent(lekki.id);
    const first = await call(t, 'POST', '/api/agents/update', {
      token: agent.token,
      body: { base64_photos: [dataUrl(tinyPng())] },
    });
    expect(first.status).toBe(200);
    const svg = dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png');
    const damaged = dataUrl(Buffer.concat([tinyPng().subarray(0, 33), Buffer.from('the rest of this file was lost')]));
    const bomb = dataUrl(blankPng(20_000, 20_000));
    const big = dataUrl(Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]));
    for (const [name, photo, message] of [
      ['svg', svg, /jpg, jpeg, png/],
      ['damaged', damaged, /could not be read/],
      ['bomb', bomb, /megapixels|could not be read/],
      ['big', big, /larger than 2 MB/],
    ] as const) {
      const res = await call(t, 'POST', '/api/agents/update', {
        token: agent.token,
        body: { business_name: `Renamed ${name}`, base64_photos: [photo] },
      });
      expect(res.status, name).toBe(422);
      expect(res.body.errors.base64_photos[0], name).toMatch(message);
    }
    const me = await call(t, 'GET', '/api/agents/me', { token: agent.token });
    expect(me.body.data).toMatchObject({ image: first.body.data.image, business_name: 'Iya Basira Water' });
  });
});

describe('this month’s figures', () => {
  it('count by the Lagos calendar month, not the UTC one', async () => {
    const agent = await approvedAgent(yaba.id);
    const lateJan = await paidOrder(sachet.id, yaba.id, 1);
    const earlyFeb = await paidOrder(sachet.id, yaba.id, 2);
    for (const { order } of [lateJan, earlyFeb]) {
      expect(
        (await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: order.id } })).status,
      ).toBe(200);
      expect(
        (
          await call(t, 'POST', '/api/agents/orders/update-status', {
            token: agent.token,
            body: { id: order.id, status: 'out_for_delivery' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(t, 'POST', '/api/agents/orders/update-status', {
            token: agent.token,
            body: { id: order.id, status: 'delivered', delivery_code: order.delivery_code },
          })
        ).status,
      ).toBe(200);
    }
    // 22:30 UTC on 31 January is 23:30 in Lagos: still January. 23:30 UTC is 00:30 on 1 February in Lagos.
    const deliveredAt = [new Date('2026-01-31T22:30:00Z'), new Date('2026-01-31T23:30:00Z')];
    for (const [i, { order }] of [lateJan, earlyFeb].entries()) {
      await t.db.update(orders).set({ updatedAt: deliveredAt[i] }).where(eq(orders.id, order.id));
      await t.db
        .update(agentCommissions)
        .set({ createdAt: deliveredAt[i] })
        .where(eq(agentCommissions.orderId, order.id));
    }
    const row = (await findAgentByUser(t.db, agent.user.id))!;

    // 5% of 2 x N400 = N40 earned in (Lagos) February; N20 for January's.
    const february = await dashboard(t.db, row, new Date('2026-02-20T12:00:00Z'));
    expect(february).toMatchObject({ delivered_this_month: 1, earnings_this_month: 40, earnings_all_time: 60 });
    // 23:45 UTC on 31 January is already February in Lagos.
    const lagosMidnight = await dashboard(t.db, row, new Date('2026-01-31T23:45:00Z'));
    expect(lagosMidnight).toMatchObject({ delivered_this_month: 1, earnings_this_month: 40 });
    // The chart's 14 days are whole Lagos days: at 01:15 on 14 February its oldest day, 1 February,
    // starts at midnight and holds the 00:30 delivery.
    const chart = (await dashboard(t.db, row, new Date('2026-02-14T00:15:00Z'))).deliveries_per_day;
    expect(chart).toHaveLength(14);
    expect(chart[0]).toEqual({ day: '2026-02-01', deliveries: 1 });
    expect(chart.at(-1)).toEqual({ day: '2026-02-14', deliveries: 0 });
  });
});

describe('fulfilment', () => {
  it('open orders match the agent’s location and what they sell', async () => {
    const agent = await approvedAgent(lekki.id);
    const here = await paidOrder(sachet.id, lekki.id);
    const elsewhere = await paidOrder(sachet.id, yaba.id);
    const gas = await paidOrder(gasProduct.id, lekki.id);
    const open = await call(t, 'GET', '/api/agents/me/orders', {
      token: agent.token,
      query: { scope: 'open', per_page: 100 },
    });
    const ids = open.body.data.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(here.order.id);
    expect(ids).not.toContain(elsewhere.order.id);
    expect(ids).not.toContain(gas.order.id);
    expect(
      (await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: gas.order.id } })).status,
    ).toBe(404);
    await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { sells_gas: true } });
    const withGas = await call(t, 'GET', '/api/agents/me/orders', {
      token: agent.token,
      query: { scope: 'open', per_page: 100 },
    });
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
    expect(
      (
        await call(t, 'POST', '/api/agents/orders/update-status', {
          token: second.token,
          body: { id: order.id, status: 'out_for_delivery' },
        })
      ).status,
    ).toBe(404);

    expect(
      (
        await call(t, 'POST', '/api/agents/orders/update-status', {
          token: first.token,
          body: { id: order.id, status: 'delivered' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(t, 'POST', '/api/agents/orders/update-status', {
          token: first.token,
          body: { id: order.id, status: 'out_for_delivery' },
        })
      ).status,
    ).toBe(200);
    const delivered = await call(t, 'POST', '/api/agents/orders/update-status', {
      token: first.token,
      body: { id: order.id, status: 'delivered', delivery_code: order.delivery_code },
    });
    expect(delivered.body.data.status).toBe('delivered');
    expect(
      (
        await call(t, 'POST', '/api/agents/orders/update-status', {
          token: first.token,
          body: { id: order.id, status: 'delivered', delivery_code: order.delivery_code },
        })
      ).status,
    ).toBe(409);

    // 5% sachet-water commission on N1,200.
    const rewards = await call(t, 'GET', '/api/agents/me/rewards', { token: first.token });
    expect(rewards.body.data.data).toEqual([
      expect.objectContaining({ order_id: order.id, amount: 60, percent: 5, order_amount: 3 * PRICE }),
    ]);
    expect((await call(t, 'GET', '/api/wallet/me', { token: first.token })).body.data.balance).toBe(60);
    const dash = await call(t, 'GET', '/api/agents/me/dashboard', { token: first.token });
    expect(dash.body.data).toMatchObject({
      delivered_this_week: 1,
      delivered_this_month: 1,
      in_progress: 0,
      earnings_all_time: 60,
    });
    expect(dash.body.data.deliveries_per_day).toHaveLength(14);
    expect(dash.body.data.deliveries_per_day.at(-1).deliveries).toBe(1);
    const transactions = await call(t, 'GET', '/api/agents/me/transactions', { token: first.token });
    expect(transactions.body.data.data.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const seen = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(seen.body.data.status).toBe('delivered');
    expect(seen.body.data.history.map((h: { status: string }) => h.status)).toEqual([
      'paid',
      'assigned',
      'out_for_delivery',
      'delivered',
    ]);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('an agent is never offered, and cannot accept or be assigned, an order they placed themselves', async () => {
    const agent = await approvedAgent(lekki.id);
    const own = await paidOrder(sachet.id, lekki.id, 1, agent);
    const other = await paidOrder(sachet.id, lekki.id);
    const open = await call(t, 'GET', '/api/agents/me/orders', {
      token: agent.token,
      query: { scope: 'open', per_page: 100 },
    });
    const ids = open.body.data.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(other.order.id);
    expect(ids).not.toContain(own.order.id);

    const refused = await call(t, 'POST', '/api/agents/orders/accept', {
      token: agent.token,
      body: { id: own.order.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'You cannot accept your own order.',
      errors: { id: ['You cannot accept your own order.'] },
    });

    const dispatch = await call(t, 'GET', '/api/admin/orders/agents', {
      token: admin.token,
      query: { id: own.order.id },
    });
    expect(dispatch.status).toBe(200);
    expect(dispatch.body.data.map((a: { id: number }) => a.id)).not.toContain(agent.agentId);
    const assigned = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: own.order.id, agent_id: agent.agentId },
    });
    expect(assigned.status).toBe(422);
    expect(assigned.body.errors.agent_id).toEqual(['Iya Basira Water placed this order and cannot deliver it.']);

    const still = await call(t, 'GET', '/api/product-order/show', { token: agent.token, query: { id: own.order.id } });
    expect(still.body.data).toMatchObject({ status: 'paid' });
    // Another agent of the area still can.
    const neighbour = await approvedAgent(lekki.id);
    expect(
      (await call(t, 'POST', '/api/agents/orders/accept', { token: neighbour.token, body: { id: own.order.id } }))
        .status,
    ).toBe(200);
  });

  it('validates agent settings', async () => {
    const agent = await approvedAgent(lekki.id);
    const bad = await call(t, 'POST', '/api/agents/update', {
      token: agent.token,
      body: { cac_number: 'not-a-number', location_id: 999_999 },
    });
    expect(bad.status).toBe(422);
    const good = await call(t, 'POST', '/api/agents/update', {
      token: agent.token,
      body: { cac_number: 'rc123456', business_phone: '0803 111 2222' },
    });
    expect(good.body.data).toMatchObject({ cac_number: 'RC123456', business_phone: '08031112222' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: concurrent accepts', () => {
  it('exactly one of many agents accepting at once gets the order', async () => {
    const contenders = await Promise.all(Array.from({ length: 6 }, () => approvedAgent(lekki.id)));
    const { order } = await paidOrder(sachet.id, lekki.id);
    const results = await Promise.all(
      contenders.map((agent) =>
        call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: order.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });
});
