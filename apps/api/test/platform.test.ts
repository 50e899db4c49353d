import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/lib/config';
import { createTestApp, type TestApp } from './helpers/app';
import { call, createUser } from './helpers/factories';

let t: TestApp;
const webDist = path.join(tmpdir(), `ruwa-web-${process.pid}`);
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ruwa</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: webDist, RATE_LIMIT_AUTH_PER_IP: '5', RATE_LIMIT_AUTH_PER_EMAIL: '3' });
});
afterAll(() => t.close());

describe('configuration', () => {
  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('defaults to the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', sandbox: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

describe('HTTP platform', () => {
  it('answers health once migrations are applied', async () => {
    const res = await call(t, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('answers malformed JSON, wrong content types, huge bodies and unknown routes with the envelope', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const xml = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('Send the request body as application/json.');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');

    const missing = await call(t, 'GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths).toHaveProperty('/api/auth/register');
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('phone_number');
  });

  it('serves the runtime environment for the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/env.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^window\.__RUWA_ENV__ = \{.*"apiUrl":"\/api".*"paystackPublicKey":"pk_test_sandbox"/);
  });

  it('serves the SPA for client routes, hashed assets immutably, and JSON 404s under /api', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth/change-password?token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});

describe('rate limits on credential routes', () => {
  it('limits attempts per e-mail with 429 and Retry-After', async () => {
    const actor = await createUser(t);
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 4; i++) {
      const res = await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: 'wrong-password' } });
      statuses.push(res.status);
      retryAfter = res.headers['retry-after'];
    }
    // createUser itself signed in once, so the 3-per-window budget is spent after two more tries.
    expect(statuses).toEqual([401, 401, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('limits attempts per client address across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: `someone${i}@example.com` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis (REDIS_URL)', () => {
  it('two API instances count attempts against one limit', async () => {
    const prefix = `${Date.now()}`;
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_AUTH_PER_EMAIL: '3', RATE_LIMIT_AUTH_PER_IP: '100' };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      const email = `shared-${prefix}@example.com`;
      const attempt = (app: TestApp) => call(app, 'POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
      const statuses = [(await attempt(a)).status, (await attempt(b)).status, (await attempt(a)).status, (await attempt(b)).status];
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
