import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_PATHS } from '@ruwa/contract/api-paths';
import Fastify from 'fastify';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { describeRoute, envelope } from '../src/lib/http/openapi';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/lib/config';
import { MASKED_MESSAGE } from '../src/lib/http/error-handler';
import { createLogger } from '../src/lib/logger';
import { findUserByEmail } from '../src/modules/users/service';
import { listOutbox } from '../src/platform/mail/mailer';
import { createTestApp, type TestApp } from './helpers/app';
import { call, createUser } from './helpers/factories';
import { eventually } from './helpers/payments';

let t: TestApp;
const webDist = path.join(tmpdir(), `ruwa-web-${process.pid}`);
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><script>first()</script><title>Ruwa</title><script defer src="/env.js"></script><div id="root"></div>',
  );
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
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
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

  it.each(['/api/health', '/api/no-such-route'])('sends security headers (%s)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('https://checkout.paystack.com');
    // Plain http here: HSTS is sent only over https (hardening.test.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths).toHaveProperty('/api/auth/register');
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('phone_number');
  });

  it('documents every operation with an id, a summary, its security and the errors its guards, limits and input give', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = { operationId: string; summary?: string; security: unknown[]; responses: Record<string, unknown> };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const apiRoutes = t.app.routeList.filter((route) => route.includes(' /api/') && !route.includes('/api/docs'));
    expect(
      operations
        .filter((o) => o.route.includes(' /api/'))
        .map((o) => o.route)
        .sort(),
    ).toEqual(apiRoutes.sort());
    expect(operations.map((o) => o.route)).toEqual(expect.arrayContaining(['GET /env.js', 'GET /uploads/{file}']));
    expect(operations.some((o) => o.route.includes('/sandbox'))).toBe(false);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(operations.filter((o) => !o.summary).map((o) => o.route)).toEqual([]);

    const find = (route: string) => operations.find((o) => o.route === route)!;
    const statuses = (route: string) => Object.keys(find(route).responses).sort();
    expect(find('POST /api/auth/login').security).toEqual([]);
    expect(statuses('POST /api/auth/login')).toEqual(['200', '400', '401', '403', '413', '415', '422', '429']);
    expect(find('GET /api/users/me').security).toEqual([{ bearer: [] }]);
    expect(statuses('GET /api/users/me')).toEqual(['200', '401']);
    expect(statuses('GET /api/admin/customers')).toEqual(['200', '401', '403', '422']);
    expect(statuses('GET /api/agents/me')).toEqual(['200', '401', '403']);
    expect(statuses('POST /api/payments/paystack/webhook')).toEqual(['200', '400', '401', '422']);
  });

  it('marks the original client’s paths legacy, and only those; the one legacy GET that writes has a POST', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = { 'x-legacy'?: boolean; description?: string; responses: Record<string, unknown> };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const legacy = operations.filter((o) => o['x-legacy']);
    expect(legacy.map((o) => o.route).sort()).toEqual([...LEGACY_PATHS].sort());
    for (const o of legacy) expect(o.description).toMatch(/^Legacy path/);
    const getsThatCreate = operations.filter((o) => o.route.startsWith('GET ') && '201' in o.responses);
    expect(getsThatCreate.map((o) => o.route)).toEqual(['GET /api/raffle-tickets/draw']);
    expect(operations.find((o) => o.route === 'POST /api/raffle-tickets/draw')).toMatchObject({
      responses: expect.objectContaining({ 201: expect.anything() }),
    });
  });

  it('refuses to start with a route whose path breaks the rule', async () => {
    const app = Fastify();
    app.addHook('onRoute', describeRoute);
    const reply = { response: { 201: envelope(z.object({ id: z.number() })) } };
    expect(() => app.get('/api/raffle-draws/run', { schema: reply }, async () => ({}))).toThrow(
      'GET /api/raffle-draws/run: a GET only reads',
    );
    expect(() => app.put('/api/addresses/:id', { schema: reply }, async () => ({}))).toThrow('kebab-case');
    await app.close();
  });

  it('documents the exact body of every success reply, never "anything"', async () => {
    const FILE_TYPES = ['image/png', 'application/pdf', 'text/csv'];
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Media = { schema?: { properties?: Record<string, Record<string, unknown>> } };
    type Operation = { responses: Record<string, { content?: Record<string, Media> }> };
    const untyped: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        if (successes.length === 0) untyped.push(`${method} ${path}: no success reply`);
        for (const [status, response] of successes) {
          // The live event stream is text, described as such; everything else is the JSON envelope.
          if (response.content?.['text/event-stream']) continue;
          // Files (a receipt's picture or PDF, a statement) are documented by their media types.
          const media = Object.keys(response.content ?? {});
          if (media.length > 0 && media.every((type) => FILE_TYPES.includes(type))) continue;
          // The envelope's `data`, or the whole body for the probes a load balancer reads (health, ready).
          const properties = response.content?.['application/json']?.schema?.properties ?? {};
          const body = 'data' in properties ? properties.data! : properties;
          if (Object.keys(body).length === 0) untyped.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(untyped).toEqual([]);
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

    // The runtime configuration comes inline, and the policy lets exactly the page's inline scripts run.
    const env = page.body.match(/<script>(window\.__RUWA_ENV__ = \{.*"apiUrl":"\/api".*\};)<\/script>/)?.[1];
    expect(env).toBeDefined();
    expect(page.body).not.toContain('src="/env.js"');
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'))!;
    const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(scriptSrc).toContain(sha(env!));
    expect(scriptSrc).toContain(sha('first()'));
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(2);
    expect(scriptSrc).not.toContain('unsafe-inline');

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
      const res = await call(t, 'POST', '/api/auth/login', {
        body: { email: actor.user.email, password: 'wrong-password' },
      });
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
      const res = await call(t, 'POST', '/api/auth/password/request/reset', {
        body: { email: `someone${i}@example.com` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis (REDIS_URL)', () => {
  it('two API instances count attempts against one limit', async () => {
    const prefix = `${Date.now()}`;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      RATE_LIMIT_AUTH_PER_EMAIL: '3',
      RATE_LIMIT_AUTH_PER_IP: '100',
    };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      const email = `shared-${prefix}@example.com`;
      const attempt = (app: TestApp) =>
        call(app, 'POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
      const statuses = [
        (await attempt(a)).status,
        (await attempt(b)).status,
        (await attempt(a)).status,
        (await attempt(b)).status,
      ];
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/** The real app on `t`'s context, its pino output captured line by line (as it would reach stdout). */
async function appWithCapturedLogs() {
  const lines: string[] = [];
  const app = await buildApp({
    ...t.ctx,
    log: createLogger('info', { write: (line: string) => void lines.push(line) }),
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string });
  return { app, lines, entries, asTestApp: { ...t, app } as TestApp };
}

describe('request logs', () => {
  it('carry method, redacted URL, status and time, and never a password, bearer token or reset token', async () => {
    const { app, lines, entries, asTestApp: l } = await appWithCapturedLogs();
    try {
      const password = `river-Secret-${randomUUID()}`;
      const newPassword = `brand-New-${randomUUID()}`;
      const email = `logs.${process.pid}@example.com`;
      const registered = await call(l, 'POST', '/api/auth/register', {
        body: {
          first_name: 'Ngozi',
          last_name: 'Eze',
          email,
          phone_number: '08035550101',
          password,
          password_confirmation: password,
        },
      });
      expect(registered.status).toBe(201);
      const signedIn = await call(l, 'POST', '/api/auth/login', { body: { email, password } });
      expect(signedIn.status).toBe(200);
      const bearer = signedIn.body.data.access_token as string;
      expect((await call(l, 'GET', '/api/users/me', { token: bearer })).status).toBe(200);

      // E-mails are sent after the reply.
      const linkIn = (pattern: RegExp) =>
        eventually(async () =>
          (await listOutbox(t.db)).map((m) => (m.to === email ? m.text.match(pattern) : null)).find(Boolean),
        );
      // The sign-up's e-mail verification link, opened in the SPA; reset links go only to a verified address.
      const verifyLink = await linkIn(/\/auth\/verify-email\?token=([A-Za-z0-9_%-]+)/);
      expect((await app.inject({ method: 'GET', url: `/auth/verify-email?token=${verifyLink![1]}` })).statusCode).toBe(
        200,
      );
      const verifyToken = decodeURIComponent(verifyLink![1]!);
      expect((await call(l, 'POST', '/api/auth/email/verify', { body: { token: verifyToken } })).status).toBe(200);

      expect((await call(l, 'POST', '/api/auth/password/request/reset', { body: { email } })).status).toBe(200);
      // The e-mailed link opens the SPA with the token in the address; the form then posts it.
      const link = await linkIn(/\/auth\/change-password\?token=([A-Za-z0-9_%-]+)/);
      const resetToken = decodeURIComponent(link![1]!);
      const page = await app.inject({ method: 'GET', url: `/auth/change-password?token=${link![1]}` });
      expect(page.statusCode).toBe(200);
      const reset = await call(l, 'POST', '/api/auth/password/reset', {
        body: { token: resetToken, new_password: newPassword, confirm_password: newPassword },
      });
      expect(reset.status).toBe(200);

      const output = lines.join('');
      for (const secret of [
        password,
        newPassword,
        bearer,
        registered.body.data.access_token,
        resetToken,
        link![1]!,
        verifyToken,
        verifyLink![1]!,
      ]) {
        expect(output).not.toContain(secret);
      }
      const completed = entries().filter((entry) => entry.msg === 'request completed');
      expect(completed.map((entry) => entry.res)).toEqual([
        { method: 'POST', url: '/api/auth/register', statusCode: 201 },
        { method: 'POST', url: '/api/auth/login', statusCode: 200 },
        { method: 'GET', url: '/api/users/me', statusCode: 200 },
        { method: 'GET', url: '/auth/verify-email?token=[redacted]', statusCode: 200 },
        { method: 'POST', url: '/api/auth/email/verify', statusCode: 200 },
        { method: 'POST', url: '/api/auth/password/request/reset', statusCode: 200 },
        { method: 'GET', url: '/auth/change-password?token=[redacted]', statusCode: 200 },
        { method: 'POST', url: '/api/auth/password/reset', statusCode: 200 },
      ]);
      for (const entry of completed) {
        expect(entry.responseTime).toEqual(expect.any(Number));
        expect(entry.time).toEqual(expect.any(Number));
      }
    } finally {
      await app.close();
    }
  });
});

describe('error masking', () => {
  it('answers an unexpected failure with 500 and the generic message; the detail reaches the log only', async () => {
    const { app, lines, entries } = await appWithCapturedLogs();
    const secretParam = `param-${randomUUID()}`;
    // Test-only routes, left out of the document.
    app.get('/api/test/throws', { schema: { hide: true } }, async () => {
      throw new Error('ENOSPC: disk full at /var/lib/ruwa/internal-detail');
    });
    // A real query that fails in the database with an error the handler does not map.
    app.get('/api/test/failing-query', { schema: { hide: true } }, async () =>
      t.ctx.db.execute(sql`select ${secretParam}::text as leaked, 1 / 0 as boom`),
    );
    try {
      for (const url of ['/api/test/throws', '/api/test/failing-query']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual({ message: MASKED_MESSAGE });
        expect(res.body).not.toMatch(/internal-detail|ENOSPC|division|select|at \//);
        expect(res.body).not.toContain(secretParam);
      }
      const errors = entries().filter((entry) => entry.msg === 'unhandled error') as Array<{
        err: { message: string };
      }>;
      expect(errors).toHaveLength(2);
      expect(errors[0]!.err.message).toContain('disk full at /var/lib/ruwa/internal-detail');
      expect(errors[1]!.err.message).toMatch(/division by zero/);
      // The query's parameters (e-mails, password hashes in real queries) are kept out of the log.
      expect(lines.join('')).not.toContain(secretParam);
    } finally {
      await app.close();
    }
  });
});

describe('CORS (CORS_ORIGINS)', () => {
  it('lets a listed origin call the API and answers its preflight; an unlisted origin gets no access', async () => {
    const withCors = await createTestApp({ CORS_ORIGINS: 'https://shop.example.com, https://admin.example.com' });
    try {
      const simple = await withCors.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://admin.example.com' },
      });
      expect(simple.statusCode).toBe(200);
      expect(simple.headers['access-control-allow-origin']).toBe('https://admin.example.com');

      const preflight = await withCors.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin: 'https://shop.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

      const stranger = await withCors.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example.com' },
      });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      const strangerPreflight = await withCors.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
      });
      expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await withCors.close();
    }
  });

  it('allows no other origin by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits on registration', () => {
  let n = 0;
  const registration = (email: string) => {
    n++;
    return {
      first_name: 'Rate',
      last_name: 'Limited',
      email,
      phone_number: `0803${String(7_000_000 + n)}`,
      password: 'lagos-water-1',
      password_confirmation: 'lagos-water-1',
    };
  };
  const register = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: registration(email) });

  it('limits sign-ups per e-mail across addresses with 429 and Retry-After', async () => {
    const email = `signup.${process.pid}@example.com`;
    const statuses: number[] = [];
    let last;
    // Case does not make it another e-mail.
    for (const [i, variant] of [email, email.toUpperCase(), email, `Signup.${process.pid}@Example.com`].entries()) {
      last = await register(variant, `10.20.0.${i + 1}`);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 422, 422, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
  });

  it('limits sign-ups per client address across e-mails with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await register(`burst${i}.${process.pid}@example.com`, '10.20.1.1');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // The refused sign-up created nothing; another address may still sign up.
    expect(await findUserByEmail(t.db, `burst5.${process.pid}@example.com`)).toBeNull();
    expect((await register(`burst6.${process.pid}@example.com`, '10.20.1.2')).statusCode).toBe(201);
  });
});

describe('configuration table (docs/configuration.md)', () => {
  const repo = fileURLToPath(new URL('../../..', import.meta.url));
  const readme = readFileSync(path.join(repo, 'docs/configuration.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('# Configuration'),
    readme.indexOf('\n## ', readme.indexOf('# Configuration') + 1),
  );
  const listed = new Set(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );

  it('lists every variable the API reads', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every variable the web build reads', () => {
    const webEnv = readFileSync(path.join(repo, 'apps/web/src/lib/env.ts'), 'utf8');
    const viteVariables = [...webEnv.matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)].map((m) => m[1]!);
    expect(viteVariables).toEqual(['VITE_API_URL', 'VITE_PAYSTACK_PUBLIC_KEY', 'VITE_PAYSTACK_INLINE_URL']);
    expect(viteVariables.filter((name) => !listed.has(name))).toEqual([]);
  });
});
