import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/service';
import { credit } from '../src/modules/wallet/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { POLICIES } from './helpers/policies';

let t: TestApp;
let customer: Actor;
let pendingAgent: Actor;
let approvedAgent: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t);
  admin = await createAdmin(t);
  pendingAgent = await createUser(t);
  await call(t, 'POST', '/api/agents/store', {
    token: pendingAgent.token,
    body: { agent_name: 'Pending Co', agent_email: 'p@example.com' },
  });
  approvedAgent = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: approvedAgent.token,
    body: { agent_name: 'Approved Co', agent_email: 'a@example.com' },
  });
  await call(t, 'POST', '/api/agents/update-status', {
    token: admin.token,
    body: { id: applied.body.data.id, status: 'approved' },
  });
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeList.filter((route) => route.includes(' /api/') && !route.includes('/api/docs'));
const request = (route: string, token?: string) => {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  return call(t, method, url!, { token, body: method === 'POST' ? {} : undefined });
};

describe('authorization matrix', () => {
  it('every API route has a policy, and every policy names a live route', () => {
    const live = apiRoutes();
    expect(live.filter((route) => !(route in POLICIES))).toEqual([]);
    expect(Object.keys(POLICIES).filter((route) => !live.includes(route))).toEqual([]);
  });

  it('anonymous callers get 401 on everything that is not public', async () => {
    for (const route of apiRoutes()) {
      const policy = POLICIES[route];
      if (policy === 'public' || policy === 'webhook') continue;
      expect((await request(route)).status, route).toBe(401);
    }
  });

  it('customers and pending agents get 403 on admin and agent routes; approved agents only on admin routes', async () => {
    for (const route of apiRoutes()) {
      const policy = POLICIES[route];
      if (policy === 'admin' || policy === 'agent') {
        expect((await request(route, customer.token)).status, `customer ${route}`).toBe(403);
        expect((await request(route, pendingAgent.token)).status, `pending agent ${route}`).toBe(403);
      }
      if (policy === 'admin') expect((await request(route, approvedAgent.token)).status, `agent ${route}`).toBe(403);
    }
  });

  it('the allowed role gets past the guard on every route (never 401/403)', async () => {
    for (const route of apiRoutes()) {
      const policy = POLICIES[route];
      if (route.endsWith('/auth/logout')) continue; // would end the session other checks use
      if (route === 'GET /api/events') continue; // a stream that stays open: events.test.ts
      const token =
        policy === 'admin'
          ? admin.token
          : policy === 'agent'
            ? approvedAgent.token
            : policy === 'user'
              ? customer.token
              : undefined;
      if (policy === 'webhook') continue;
      const status = (await request(route, token)).status;
      expect([401, 403], `${route} answered ${status}`).not.toContain(status);
      expect(status, route).toBeLessThan(500);
    }
  });

  it('the webhook refuses unsigned calls', async () => {
    expect((await request('POST /api/payments/paystack/webhook')).status).toBe(401);
  });
});

describe('IDOR: another customer’s ids', () => {
  it('are 404 (or a field error) on every id-taking customer route, and change nothing', async () => {
    const owner = await createUser(t);
    const thief = await createUser(t);
    const bank = await call(t, 'POST', '/api/wallet/store/bank-details', {
      token: owner.token,
      body: { first_name: 'Owner', last_name: 'Person', account_number: '0123456789', bank_name: '033' },
    });
    await notify(t.db, owner.user.id, { kind: 'account', title: 'Welcome', description: 'Hello' });
    const note = (await call(t, 'GET', '/api/notifications/me', { token: owner.token })).body.data.data[0];

    expect(
      (
        await call(t, 'POST', '/api/wallet/delete/bank-details', {
          token: thief.token,
          body: { id: bank.body.data.id },
        })
      ).status,
    ).toBe(404);
    const withdraw = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: thief.token,
      body: { amount: 100, selected_bank: bank.body.data.id },
    });
    expect(withdraw.status).toBe(422);
    expect(withdraw.body.errors.selected_bank).toEqual(['Please select a bank.']);
    expect((await call(t, 'GET', '/api/wallet/me', { token: owner.token })).body.data.bank_details).toHaveLength(1);
    // A withdrawal held (above ₦20,000 to the new account): only its owner may cancel it.
    await t.db.transaction((tx) =>
      credit(tx, owner.user.id, {
        amountKobo: 25_000_00,
        type: 'deposit',
        reference: `authz-held-${owner.user.id}`,
        description: 'test',
      }),
    );
    const held = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: owner.token,
      body: { amount: 21_000, selected_bank: bank.body.data.id },
    });
    expect(held.body.data.status).toBe('held');
    const cancel = await call(t, 'POST', '/api/wallet/withdrawals/cancel', {
      token: thief.token,
      body: { reference: held.body.data.reference },
    });
    expect(cancel.status).toBe(404);
    expect((await call(t, 'GET', '/api/wallet/me', { token: owner.token })).body.data).toMatchObject({
      balance: 4_000,
      held_withdrawals: [{ reference: held.body.data.reference }],
    });
    await call(t, 'POST', '/api/notifications/read', { token: thief.token, body: { id: note.id } });
    expect((await call(t, 'GET', '/api/notifications/me', { token: owner.token })).body.data.data[0].read).toBe(false);
    // Orders and subscriptions: covered with real orders in orders.test.ts; here, ids that exist for nobody.
    expect(
      (await call(t, 'GET', '/api/product-order/show', { token: thief.token, query: { id: 999_999 } })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', '/api/subscription-order/cancel', { token: thief.token, body: { id: 999_999 } })).status,
    ).toBe(404);
  });
});

describe('whom an order is for: only the agent holding it reads it', () => {
  it('an open order shows its area to the area’s agents; after one accepts, nobody else reads the address or phone', async () => {
    const area = await createLocation(t, admin.token);
    const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
    const product = await createProduct(t, admin.token, {
      product_category: water.id,
      locations: [{ id: area.id, product_location_price: 500 }],
    });
    const agentIn = async (name: string) => {
      const actor = await createUser(t);
      const applied = await call(t, 'POST', '/api/agents/store', {
        token: actor.token,
        body: { agent_name: name, agent_email: actor.user.email },
      });
      await call(t, 'POST', '/api/agents/update-status', {
        token: admin.token,
        body: { id: applied.body.data.id, status: 'approved' },
      });
      await call(t, 'POST', '/api/agents/update', {
        token: actor.token,
        body: { location_id: area.id, sells_sachet_water: true },
      });
      return actor;
    };
    const holder = await agentIn('Holder Water');
    const other = await agentIn('Other Water');
    const buyer = await createUser(t);
    await t.db.transaction((tx) =>
      credit(tx, buyer.user.id, {
        amountKobo: 5_000_00,
        type: 'deposit',
        reference: `authz-${buyer.user.id}`,
        description: 'test',
      }),
    );
    const placed = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: {
        product_id: product.id,
        location_id: area.id,
        quantity: 2,
        recipient_address: '9 Kingsway Road, Ikoyi',
        recipient_phone: '08125550177',
        landmark: 'Yellow gate',
        payment_method: 'wallet',
      },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.id as number;
    const secrets = ['Kingsway', '08125550177', '+2348125550177', 'Yellow gate'];
    const leaked = (body: unknown) => secrets.filter((secret) => JSON.stringify(body).includes(secret));
    const agentViews = (token: string) =>
      Promise.all([
        call(t, 'GET', '/api/agents/me/orders', { token, query: { scope: 'open', per_page: 100 } }),
        call(t, 'GET', '/api/agents/me/orders', { token, query: { scope: 'mine', per_page: 100 } }),
        call(t, 'GET', '/api/agents/me/transactions', { token, query: { per_page: 100 } }),
      ]);

    for (const token of [holder.token, other.token]) {
      const [open] = await agentViews(token);
      expect(open.body.data.data.map((o: { id: number }) => o.id)).toContain(orderId);
      expect(leaked(open.body)).toEqual([]);
    }
    const accepted = await call(t, 'POST', '/api/agents/orders/accept', { token: holder.token, body: { id: orderId } });
    expect(accepted.body.data.customer_contact).toMatchObject({ phone_number: '08125550177', landmark: 'Yellow gate' });

    for (const view of await agentViews(other.token)) expect(leaked(view.body)).toEqual([]);
    for (const token of [customer.token, approvedAgent.token]) {
      const peek = await call(t, 'GET', '/api/product-order/show', { token, query: { id: orderId } });
      expect(peek.status).toBe(404);
      expect(leaked(peek.body)).toEqual([]);
    }
  });
});
