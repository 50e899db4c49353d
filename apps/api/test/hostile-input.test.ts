import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { POLICIES } from './helpers/policies';

/** Input crafted to break the server rather than to be served: it gets a 4xx, never a 5xx. */
let t: TestApp;
let customer: Actor;
let admin: Actor;
let agent: Actor;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '100000', RATE_LIMIT_AUTH_PER_EMAIL: '100000' });
  customer = await createUser(t);
  admin = await createAdmin(t);
  agent = await createUser(t);
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: agent.token,
    body: { agent_name: 'Hostile Co', agent_email: 'h@example.com' },
  });
  await call(t, 'POST', '/api/agents/update-status', {
    token: admin.token,
    body: { id: applied.body.data.id, status: 'approved' },
  });
});
afterAll(() => t.close());

const tokenFor = (route: string) =>
  ({ admin: admin.token, agent: agent.token })[POLICIES[route] as string] ?? customer.token;

const post = (url: string, payload: string, token = customer.token) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });

describe('deeply nested bodies', () => {
  const DEPTH = 20_000;
  const arrays = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const objects = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
  const inAField = `{"email":"x@example.com","password":"x","first_name":${arrays}}`;

  it('are refused with 400 on every JSON route, whatever the route reads', async () => {
    expect(arrays.length).toBeLessThan(45_000);
    const routes = t.app.routeList.filter(
      (r) => r.startsWith('POST /api/') && r !== 'POST /api/payments/paystack/webhook' && r !== 'POST /api/auth/logout',
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const url = route.slice('POST '.length);
      for (const payload of [arrays, objects, inAField]) {
        const res = await post(url, payload, tokenFor(route));
        const label = `${route} ${payload.slice(0, 12)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        // An admin-only route may refuse a customer first (401/403); anything that reads the body says why.
        if (res.statusCode === 400) expect(res.json().message, label).toBe('The request body is nested too deeply.');
      }
    }
    const login = await post('/api/auth/login', objects);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: 'The request body is nested too deeply.' });
    expect((await post('/api/users/update', inAField)).statusCode).toBe(400);
  }, 120_000);

  it('are refused even when they hide a __proto__ key at the bottom', async () => {
    const res = await post('/api/auth/login', '{"a":'.repeat(DEPTH) + '{"__proto__":{"x":1}}' + '}'.repeat(DEPTH));
    expect(res.statusCode).toBe(400);
  });

  it('a few levels of nesting still reach validation, which names the field', async () => {
    const res = await post('/api/auth/login', `{"email":${'['.repeat(20)}${']'.repeat(20)},"password":"x"}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([expect.any(String)]);
  });
});

describe('payment references', () => {
  const LONE = '\ud800';
  const routes: { url: string; field: string; body: Record<string, unknown> }[] = [
    { url: '/api/wallet-transactions/deposit/paystack', field: 'tx_id', body: { amount: 500 } },
    {
      url: '/api/product-order/buy/airtime',
      field: 'transaction_id',
      body: { amount: 100, phone: '08031234567', network_id: 'mtn', payment_method: 'card' },
    },
    {
      url: '/api/product-order/buy/data',
      field: 'transaction_id',
      body: { phone: '08031234567', network_id: 'mtn', variation_id: 1, price: 100, payment_method: 'card' },
    },
    { url: '/api/product-order/store', field: 'transaction_id', body: { product_id: 1, location_id: 1 } },
    { url: '/api/subscription-order/store', field: 'transaction_id', body: { product_id: 1, location_id: 1 } },
  ];
  const message = (field: string) =>
    `The ${field.replaceAll('_', ' ')} may only contain letters, digits and the characters - . = _`;

  it.each(routes)('a lone surrogate or a character outside Paystack’s alphabet is a 422: $url', async (route) => {
    for (const reference of [LONE, `RUWA_${LONE}_1`, 'RUWA/../1', 'ref with spaces', 'ŕef', '<script>']) {
      // Sent as JSON text: "\ud800" escapes parse to a lone surrogate on the server, which every
      // route refuses as broken text before its own rules.
      const payload = JSON.stringify({ ...route.body, [route.field]: reference });
      const res = await post(route.url, payload);
      expect(res.statusCode, `${route.url} ${JSON.stringify(reference)}`).toBe(422);
      expect(res.json().errors[route.field]).toEqual([
        reference.includes(LONE)
          ? `The ${route.field} must be valid text (it holds a broken character).`
          : message(route.field),
      ]);
    }
  });

  it('every character of the alphabet still reaches the payment lookup', async () => {
    const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: customer.token,
      body: { amount: 500, tx_id: 'Aa0-._=Z9' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.tx_id[0]).toMatch(/could not find this payment/);
  });
});
