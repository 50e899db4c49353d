import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/service';
import { createTestApp, type TestApp } from './helpers/app';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';

/**
 * Every API route and who may call it. A route missing here fails the test, so a new route cannot
 * ship without a decision about who may use it.
 */
type Policy = 'public' | 'user' | 'agent' | 'admin' | 'webhook';
const POLICIES: Record<string, Policy> = {
  'GET /api/health': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/password/request/reset': 'public',
  'POST /api/auth/password/reset': 'public',
  'GET /api/users/me': 'user',
  'POST /api/users/update': 'user',
  'GET /api/users/me/referral-rewards': 'user',
  'GET /api/product/category/index': 'user',
  'POST /api/product/category/store': 'admin',
  'POST /api/product/category/update': 'admin',
  'POST /api/product/category/delete': 'admin',
  'GET /api/location/index': 'user',
  'POST /api/location/store': 'admin',
  'POST /api/location/update': 'admin',
  'POST /api/location/delete': 'admin',
  'GET /api/products/index': 'admin',
  'GET /api/products/show': 'user',
  'POST /api/products/store': 'admin',
  'POST /api/products/update': 'admin',
  'POST /api/products/delete': 'admin',
  'GET /api/location/products/index': 'user',
  'POST /api/payments/paystack/initialize': 'user',
  'POST /api/payments/paystack/webhook': 'webhook',
  'POST /api/product-order/store': 'user',
  'POST /api/subscription-order/store': 'user',
  'GET /api/product-order/me': 'user',
  'GET /api/product-order/show': 'user',
  'GET /api/subscription-order/me': 'user',
  'POST /api/subscription-order/cancel': 'user',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/show': 'admin',
  'POST /api/admin/orders/update-status': 'admin',
  'GET /api/wallet/me': 'user',
  'GET /api/wallet-transactions/me': 'user',
  'POST /api/wallet-transactions/deposit/paystack': 'user',
  'GET /api/banks': 'user',
  'GET /api/banks/resolve': 'user',
  'POST /api/wallet/store/bank-details': 'user',
  'POST /api/wallet/delete/bank-details': 'user',
  'POST /api/wallet-transactions/withdraw': 'user',
  'POST /api/wallet/savings/deposit': 'user',
  'POST /api/wallet/savings/withdraw': 'user',
  'GET /api/data-bundles': 'user',
  'GET /api/networks/detect': 'user',
  'POST /api/product-order/buy/airtime': 'user',
  'POST /api/product-order/buy/data': 'user',
  'GET /api/vtu/me': 'user',
  'GET /api/admin/data-bundles': 'admin',
  'POST /api/admin/data-bundles/update': 'admin',
  'GET /api/notifications/me': 'user',
  'GET /api/notifications/unread-count': 'user',
  'POST /api/notifications/read': 'user',
  'GET /api/admin/settings': 'admin',
  'POST /api/admin/settings/update': 'admin',
  'GET /api/raffle-tickets/me': 'user',
  'GET /api/raffle-tickets/index': 'admin',
  'POST /api/raffle-tickets/store': 'admin',
  'GET /api/raffle-tickets/draw': 'admin',
  'GET /api/raffle-draws/index': 'admin',
  'POST /api/agents/store': 'user',
  'GET /api/agents/index': 'admin',
  'POST /api/agents/update-status': 'admin',
  'GET /api/agents/me': 'agent',
  'POST /api/agents/update': 'agent',
  'GET /api/agents/me/dashboard': 'agent',
  'GET /api/agents/me/orders': 'agent',
  'POST /api/agents/orders/accept': 'agent',
  'POST /api/agents/orders/update-status': 'agent',
  'GET /api/agents/me/rewards': 'agent',
  'GET /api/agents/me/transactions': 'agent',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/customers': 'admin',
  'GET /api/admin/customers/show': 'admin',
  'POST /api/admin/customers/suspend': 'admin',
  'POST /api/admin/customers/reactivate': 'admin',
  'POST /api/admin/customers/send-reset': 'admin',
  'GET /api/admin/audit': 'admin',
};

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
  await call(t, 'POST', '/api/agents/store', { token: pendingAgent.token, body: { agent_name: 'Pending Co', agent_email: 'p@example.com' } });
  approvedAgent = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', { token: approvedAgent.token, body: { agent_name: 'Approved Co', agent_email: 'a@example.com' } });
  await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: applied.body.data.id, status: 'approved' } });
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
      const token = policy === 'admin' ? admin.token : policy === 'agent' ? approvedAgent.token : policy === 'user' ? customer.token : undefined;
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

    expect((await call(t, 'POST', '/api/wallet/delete/bank-details', { token: thief.token, body: { id: bank.body.data.id } })).status).toBe(404);
    const withdraw = await call(t, 'POST', '/api/wallet-transactions/withdraw', { token: thief.token, body: { amount: 100, selected_bank: bank.body.data.id } });
    expect(withdraw.status).toBe(422);
    expect(withdraw.body.errors.selected_bank).toEqual(['Please select a bank.']);
    expect((await call(t, 'GET', '/api/wallet/me', { token: owner.token })).body.data.bank_details).toHaveLength(1);
    await call(t, 'POST', '/api/notifications/read', { token: thief.token, body: { id: note.id } });
    expect((await call(t, 'GET', '/api/notifications/me', { token: owner.token })).body.data.data[0].read).toBe(false);
    // Orders and subscriptions: covered with real orders in orders.test.ts; here, ids that exist for nobody.
    expect((await call(t, 'GET', '/api/product-order/show', { token: thief.token, query: { id: 999_999 } })).status).toBe(404);
    expect((await call(t, 'POST', '/api/subscription-order/cancel', { token: thief.token, body: { id: 999_999 } })).status).toBe(404);
  });
});
