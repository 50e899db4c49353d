import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser } from '../../../test/helpers/factories';
import { mockProvider } from '../../../test/helpers/providers';
import { loadConfig } from '../../lib/config';

describe('which Paystack keys mount the sandbox', () => {
  it('only the sandbox key (the default); a real test or live key does not', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_sandbox' }).sandbox).toBe(true);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_4f1c2a9b8e7d6c5b4a3928171615141312111009' }).sandbox).toBe(false);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_4f1c2a9b8e7d6c5b4a3928171615141312111009' }).sandbox).toBe(false);
  });
});

describe('an app configured with live Paystack keys', () => {
  let t: TestApp;
  // Stands in for api.paystack.co at the configured PAYSTACK_BASE_URL (no test reaches the internet).
  let provider: Server;
  const providerSaw: { url?: string; authorization?: string }[] = [];
  beforeAll(async () => {
    provider = createServer((req, res) => {
      providerSaw.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: true,
          message: 'Banks retrieved',
          data: [{ name: 'Live Bank', code: '777', active: true }],
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      PAYSTACK_SECRET_KEY: 'sk_live_4f1c2a9b8e7d6c5b4a3928171615141312111009',
      PAYSTACK_PUBLIC_KEY: 'pk_live_0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      PAYSTACK_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      PAYSTACK_INLINE_URL: 'https://js.paystack.co/v2/inline.js',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('serves no /sandbox/paystack route: every one answers 404', async () => {
    expect(t.ctx.config.sandbox).toBe(false);
    const secret = { authorization: `Bearer ${t.ctx.config.PAYSTACK_SECRET_KEY}` };
    const charge = { reference: 'LIVE_1', email: 'ada@example.com', amount: 150000 };
    const requests = [
      { method: 'GET', url: '/sandbox/paystack/inline.js' },
      { method: 'POST', url: '/sandbox/paystack/test/charge', payload: charge },
      {
        method: 'POST',
        url: '/sandbox/paystack/checkout/charge',
        payload: { ...charge, key: t.ctx.config.PAYSTACK_PUBLIC_KEY },
      },
      { method: 'POST', url: '/sandbox/paystack/transaction/initialize', headers: secret, payload: charge },
      { method: 'GET', url: '/sandbox/paystack/transaction/verify/LIVE_1', headers: secret },
      { method: 'GET', url: '/sandbox/paystack/bank', headers: secret },
      { method: 'GET', url: '/sandbox/paystack/bank/resolve?account_number=0123456789&bank_code=033', headers: secret },
      {
        method: 'POST',
        url: '/sandbox/paystack/transfer',
        headers: secret,
        payload: { amount: 100, recipient: 'RCP_x', reference: 'W1' },
      },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(t.app.routeList.filter((route) => route.includes('/sandbox/paystack'))).toEqual([]);
  });

  it('points the browser at the real inline script and the client at the configured base URL', async () => {
    const env = await t.app.inject({ method: 'GET', url: '/env.js' });
    expect(env.body).toContain('"paystackInlineUrl":"https://js.paystack.co/v2/inline.js"');
    expect(env.body).toContain('"paystackPublicKey":"pk_live_0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"');

    const actor = await createUser(t);
    const banks = await call(t, 'GET', '/api/banks', { token: actor.token });
    expect(banks.body.data).toEqual([{ name: 'Live Bank', code: '777' }]);
    expect(providerSaw).toEqual([
      {
        url: expect.stringMatching(/^\/bank\?/),
        authorization: 'Bearer sk_live_4f1c2a9b8e7d6c5b4a3928171615141312111009',
      },
    ]);
  });
});

describe('live Paystack keys without PAYSTACK_BASE_URL', () => {
  it("talk to Paystack's own API, never to the unmounted sandbox", async () => {
    const t = await createTestApp({ PAYSTACK_SECRET_KEY: 'sk_live_4f1c2a9b8e7d6c5b4a3928171615141312111009' });
    // No test reaches the internet: the request is answered here, after its address is noted.
    const paystack = mockProvider('https://api.paystack.co', () => ({
      body: { status: true, message: 'ok', data: [{ name: 'Live Bank', code: '777', active: true }] },
    }));
    try {
      const actor = await createUser(t);
      const banks = await call(t, 'GET', '/api/banks', { token: actor.token });
      expect(banks.body.data).toEqual([{ name: 'Live Bank', code: '777' }]);
      expect(paystack.seen.map((request) => request.url)).toEqual([
        expect.stringMatching(/^https:\/\/api\.paystack\.co\/bank\?/),
      ]);
    } finally {
      await paystack.restore();
      await t.close();
    }
  });
});
