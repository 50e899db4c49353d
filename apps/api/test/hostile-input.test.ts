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
