import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/service';
import { createTestApp, type TestApp } from './helpers/app';
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
