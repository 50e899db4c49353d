import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NODE_ARGS } from '../../../scripts/api-server.mjs';
import { createContext } from '../src/bootstrap';
import { ConfigError, loadConfig } from '../src/lib/config';
import { hashPassword } from '../src/modules/auth/password';
import { findUserByEmail, setPasswordHash } from '../src/modules/users/service';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoIfEmpty } from '../src/seed/demo';
import { notify } from '../src/modules/notifications/service';
import { listOutbox } from '../src/platform/mail/mailer';
import { createTestApp, LIVE_PRODUCTION_ENV, type TestApp } from './helpers/app';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { eventually } from './helpers/payments';

/** Input an attacker or a careless client sends, and headers a deployment depends on. */
let t: TestApp;
let customer: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t);
  admin = await createAdmin(t);
});
afterAll(() => t.close());

type TextCase = { name: string; method: 'GET' | 'POST'; url: string; field: string; as?: 'customer' | 'admin' };
const cases = (): TextCase[] => [
  { name: 'login', method: 'POST', url: '/api/auth/login', field: 'email' },
  { name: 'register', method: 'POST', url: '/api/auth/register', field: 'first_name' },
  { name: 'reset request', method: 'POST', url: '/api/auth/password/request/reset', field: 'email' },
  { name: 'profile update', method: 'POST', url: '/api/users/update', field: 'first_name', as: 'customer' },
  { name: 'agent application', method: 'POST', url: '/api/agents/store', field: 'agent_name', as: 'customer' },
  { name: 'admin customer search', method: 'GET', url: '/api/admin/customers', field: 'search', as: 'admin' },
  { name: 'catalogue filter', method: 'GET', url: '/api/products/index', field: 'category', as: 'admin' },
  { name: 'location create', method: 'POST', url: '/api/location/store', field: 'name', as: 'admin' },
];

describe('NUL characters', () => {
  const NUL = 'a\u0000b';

  it.each(cases())('are refused with 422 naming the field: $name', async ({ method, url, field, as }) => {
    const token = as === 'admin' ? admin.token : as === 'customer' ? customer.token : undefined;
    const res =
      method === 'GET'
        ? await call(t, method, url, { token, query: { [field]: NUL } })
        : await call(t, method, url, { token, body: { email: 'x@example.com', password: 'pw', [field]: NUL } });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([`The ${field} must not contain NUL characters.`]);
  });

  it('are found in nested fields and in keys', async () => {
    const nested = await call(t, 'POST', '/api/products/store', {
      token: admin.token,
      body: { product_name: 'Water', locations: [{ id: 1, product_location_price: 5, note: NUL }] },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({
      'locations.0.note': ['The locations.0.note must not contain NUL characters.'],
    });
    const key = await call(t, 'POST', '/api/auth/login', { body: { [NUL]: 'x' } });
    expect(key.status).toBe(422);
  });
});

describe('lone surrogates', () => {
  // JSON's `\ud800` escape parses to half a UTF-16 pair, which has no UTF-8 form for the database.
  const LONE = 'a\ud800b';
  const bodies = cases().filter((c) => c.method === 'POST');

  it.each(bodies)('are refused with 422 naming the field: $name', async ({ url, field, as }) => {
    const token = as === 'admin' ? admin.token : as === 'customer' ? customer.token : undefined;
    const res = await call(t, 'POST', url, { token, body: { email: 'x@example.com', password: 'pw', [field]: LONE } });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([`The ${field} must be valid text (it holds a broken character).`]);
  });

  it('are found in nested fields, while whole pairs (emoji) pass', async () => {
    const nested = await call(t, 'POST', '/api/products/store', {
      token: admin.token,
      body: { product_name: 'Water', locations: [{ id: 1, product_location_price: 5, note: LONE }] },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({
      'locations.0.note': ['The locations.0.note must be valid text (it holds a broken character).'],
    });
    const emoji = await call(t, 'POST', '/api/location/store', {
      token: admin.token,
      body: { name: 'Lekki 💧', state: 'lagos', country: 'nigeria' },
    });
    expect(emoji.status).toBe(201);
    expect(emoji.body.data.name).toBe('Lekki 💧');
  });
});

describe('card payment start', () => {
  it.each([
    [{ purpose: 'deposit' }, 'amount'],
    [{ purpose: 'deposit', amount: 'abc' }, 'amount'],
    [{ purpose: 'deposit', amount: -5 }, 'amount'],
    [{ purpose: 'airtime', amount: 100, network_id: 'mtn' }, 'phone'],
    [{ purpose: 'product_order', product_id: 1 }, 'location_id'],
  ])('answers 422 with the field for a bad body %j', async (body, field) => {
    const res = await call(t, 'POST', '/api/payments/paystack/initialize', { token: customer.token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([expect.any(String)]);
  });
});

describe('numbers', () => {
  const airtime = (amount: unknown) =>
    call(t, 'POST', '/api/product-order/buy/airtime', {
      token: customer.token,
      body: { amount, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
    });

  it.each(['1e3', '0x64', '', ' ', 'Infinity', [100], true, null, { n: 100 }])(
    'are refused as an amount unless plain decimals: %j',
    async (amount) => {
      const res = await airtime(amount);
      expect(res.status).toBe(422);
      expect(res.body.errors.amount).toEqual(['The amount must be a number.']);
    },
  );

  it('read numeric text as the number it says, so a typed "-500" is below the minimum, not 500', async () => {
    const withdrawal = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: customer.token,
      body: { amount: '-500', selected_bank: 1 },
    });
    expect(withdrawal.status).toBe(422);
    expect(withdrawal.body.errors.amount).toEqual(['The amount must be greater than 0.']);
    // Plain decimal text is what HTML forms send, so it is still a number.
    const tooSmall = await airtime('10');
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors.amount).toEqual(['The minimum airtime is ₦50.']);
    // Kobo in an airtime amount is the mistake to name, even below the minimum.
    const withKobo = await airtime('12.5');
    expect(withKobo.status).toBe(422);
    expect(withKobo.body.errors.amount).toEqual(['Enter a whole naira amount, e.g. 100.']);
  });

  it('give the range message for numbers too large to be whole or exact', async () => {
    expect((await airtime(1e308)).body.errors.amount).toEqual(['The maximum airtime is ₦50,000.']);
    const deposit = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: customer.token,
      body: { purpose: 'deposit', amount: 1e308 },
    });
    expect(deposit.body.errors.amount).toEqual(['The amount may not be greater than 5,000,000.']);
  });
});

describe('marking a notification read', () => {
  it("answers 404 for another customer's or an unknown id, and 200 for one's own", async () => {
    const other = await createUser(t);
    await notify(t.db, other.user.id, { kind: 'account', title: 'Theirs', description: 'x' });
    await notify(t.db, customer.user.id, { kind: 'account', title: 'Mine', description: 'x' });
    const list = async (actor: Actor) =>
      (await call(t, 'GET', '/api/notifications/me', { token: actor.token })).body.data.data as {
        id: number;
        read: boolean;
      }[];
    const [theirs] = await list(other);
    const [mine] = await list(customer);

    const foreign = await call(t, 'POST', '/api/notifications/read', {
      token: customer.token,
      body: { id: theirs!.id },
    });
    expect(foreign.status).toBe(404);
    const unknown = await call(t, 'POST', '/api/notifications/read', {
      token: customer.token,
      body: { id: 99_999_999 },
    });
    expect(unknown.status).toBe(404);
    expect((await list(other))[0]!.read).toBe(false);

    const own = await call(t, 'POST', '/api/notifications/read', { token: customer.token, body: { id: mine!.id } });
    expect(own.status).toBe(200);
    // Marking it again is still fine: it is the customer's own.
    expect(
      (await call(t, 'POST', '/api/notifications/read', { token: customer.token, body: { id: mine!.id } })).status,
    ).toBe(200);
  });
});

describe('caching and transport headers', () => {
  it('authenticated answers are never stored; public ones keep their own caching', async () => {
    const me = await call(t, 'GET', '/api/users/me', { token: customer.token });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await call(t, 'GET', '/api/admin/customers', { token: customer.token });
    expect(refused.status).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const health = await call(t, 'GET', '/api/health');
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('sends HSTS only when the request came over https through a trusted proxy', async () => {
    const forwardedHttps = { 'x-forwarded-proto': 'https' };
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // No proxy is trusted by default, so a client cannot claim https.
    const claimed = await t.app.inject({ method: 'GET', url: '/api/health', headers: forwardedHttps });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: forwardedHttps });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('the client address rate limits count', () => {
  /** Logins for different unknown e-mails (so only the per-address limit applies), each from `from`. */
  const logins = async (app: TestApp, count: number, from: (i: number) => Record<string, string>, remote?: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: from(i),
        remoteAddress: remote,
        payload: { email: `probe${i}.${Date.now()}@example.com`, password: 'wrong-password-1' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };
  const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });

  it('ignores X-Forwarded-For by default: 30 forged addresses are one client', async () => {
    const app = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '20' });
    try {
      const statuses = await logins(app, 30, forged);
      expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    } finally {
      await app.close();
    }
  });

  it('believes only the proxies TRUST_PROXY names', async () => {
    const app = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '20', TRUST_PROXY: '10.0.0.0/8' });
    try {
      // From the trusted proxy: each forwarded address is its own client.
      expect((await logins(app, 30, forged, '10.1.2.3')).includes(429)).toBe(false);
      // From anywhere else the header is the client's own claim, and is ignored.
      const direct = await logins(app, 30, forged, '198.51.100.7');
      expect(direct.slice(20)).toEqual(Array(10).fill(429));
    } finally {
      await app.close();
    }
  });

  it('reads TRUST_PROXY as a hop count or addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'true']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });
});

describe('the listening address', () => {
  it('is this machine only outside production (the sandbox outboxes are mounted), every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig(LIVE_PRODUCTION_ENV).HOST).toBe('0.0.0.0');
    // HOST wins either way: a phone on the same Wi-Fi can be let in on purpose.
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...LIVE_PRODUCTION_ENV, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });
});

describe('dot-files and backup copies', () => {
  let web: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'ruwa-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ruwa</title><div id="root"></div>');
    web = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answer a plain 404, never the app shell; client routes and /.well-known/ still get the app', async () => {
    const hidden = ['/.env', '/.git/config', '/auth/login~', '/index.html.bak', '/x.swp', '/.DS_Store'];
    for (const url of [...hidden, '/%2Eenv', '/profile/orders.OLD', '/deploy/app.orig']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ message: `Route GET ${url} not found.` });
    }
    for (const url of ['/auth/login', '/profile/orders', '/.well-known/change-password']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('password reset requests', () => {
  it('answer before the e-mail is looked up or sent, so their time says nothing about the account', async () => {
    const actor = await createUser(t);
    const send = t.ctx.mailer.send;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.ctx.mailer.send = async (message) => {
      await held;
      return send(message);
    };
    try {
      const res = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
      expect(res.status).toBe(200);
      expect((await listOutbox(t.db)).some((m) => m.to === actor.user.email)).toBe(false);
    } finally {
      release();
      t.ctx.mailer.send = send;
    }
    const message = await eventually(async () => (await listOutbox(t.db)).find((m) => m.to === actor.user.email));
    // The link is built on PUBLIC_URL (the test app's), never on the address the request came to.
    expect(message.text).toContain('http://ruwa.test/auth/change-password?token=');
  });
});

describe('production', () => {
  const live = LIVE_PRODUCTION_ENV;

  it.each([
    [{ PAYSTACK_SECRET_KEY: 'sk_test_sandbox' }, 'PAYSTACK_SECRET_KEY'],
    [{ PAYSTACK_PUBLIC_KEY: 'pk_test_sandbox' }, 'PAYSTACK_PUBLIC_KEY'],
    [{ PAYSTACK_INLINE_URL: '/sandbox/paystack/inline.js' }, 'PAYSTACK_INLINE_URL'],
    [{ VTU_BASE_URL: '' }, 'VTU_BASE_URL'],
    [{ VTU_API_KEY: 'vtu_sandbox_api_key' }, 'VTU_API_KEY'],
    [{ SANDBOX_FAULTS: '1' }, 'SANDBOX_FAULTS'],
    [{ SMS_BASE_URL: '' }, 'SMS_BASE_URL'],
    [{ SMS_API_KEY: 'sms_sandbox_api_key' }, 'SMS_API_KEY'],
    [{ SMTP_URL: '' }, 'SMTP_URL'],
    [{ PUBLIC_URL: '' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'http://ruwa.example.com' }, 'PUBLIC_URL'],
  ])('refuses %j, naming %s', (change, variable) => {
    expect(() => loadConfig({ ...live, ...change })).toThrow(ConfigError);
    expect(() => loadConfig({ ...live, ...change })).toThrow(
      new RegExp(`^Refusing to start in production: ${variable} `),
    );
  });

  it('reports every unsafe or invalid setting at once, one line each, not one per restart', () => {
    let problems: string[] = [];
    try {
      loadConfig({
        ...live,
        PAYSTACK_SECRET_KEY: 'sk_test_sandbox',
        SMTP_URL: '',
        SMS_BASE_URL: '',
        PUBLIC_URL: 'http://ruwa.example.com',
        SEED_DEMO: '1',
        PORT: 'eighty',
        S3_BUCKET: 'ruwa-images',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
      expect((error as Error).message.split('\n')).toEqual(problems);
    }
    const named = problems.map(
      (line) => line.match(/^(?:Refusing to start in production|Invalid configuration): (\w+) /)?.[1],
    );
    expect(named).toEqual([
      'PORT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'PAYSTACK_SECRET_KEY',
      'SMS_BASE_URL',
      'SEED_DEMO',
      'SMTP_URL',
      'PUBLIC_URL',
    ]);
  });

  it('warns, without refusing, when PostgreSQL is shared but uploads stay on the instance’s disk', () => {
    const shared = loadConfig({ ...live, DATABASE_URL: 'postgres://ruwa@db.example.com/ruwa' });
    expect(shared.warnings).toEqual([expect.stringMatching(/^DATABASE_URL is set .* S3_\* is not: uploaded images/)]);
    const withS3 = loadConfig({
      ...live,
      DATABASE_URL: 'postgres://ruwa@db.example.com/ruwa',
      S3_BUCKET: 'ruwa-images',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    });
    expect(withS3.warnings).toEqual([]);
    expect(loadConfig(live).warnings).toEqual([]);
  });

  it("accepts live configuration and uses Paystack's own inline script", () => {
    const config = loadConfig(live);
    expect(config.sandbox).toBe(false);
    expect(config.vtuSandbox).toBe(false);
    expect(config.smsSandbox).toBe(false);
    expect(config.PAYSTACK_INLINE_URL).toBe('https://js.paystack.co/v2/inline.js');
  });

  it.each([
    [{ PAYSTACK_SECRET_KEY: 'sk_test_sandbox' }, 'PAYSTACK_SECRET_KEY'],
    [{ SMTP_URL: '' }, 'SMTP_URL'],
    [{ SMS_BASE_URL: '' }, 'SMS_BASE_URL'],
    [{ PUBLIC_URL: 'http://ruwa.example.com' }, 'PUBLIC_URL'],
  ])('the real process exits 1 with one line naming the variable: %j', async (change, variable) => {
    const { code, output } = await runApiToExit({ ...live, ...change });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Refusing to start in production: ${variable} `)),
    ]);
  });

  it('the real process reports several problems in one go, one line each', async () => {
    const { code, output } = await runApiToExit({ ...live, SMTP_URL: '', PUBLIC_URL: 'http://ruwa.example.com' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^Refusing to start in production: SMTP_URL /),
      expect.stringMatching(/^Refusing to start in production: PUBLIC_URL /),
    ]);
  });

  it(
    'refuses to start while a demo account still has its demo password, printing no password; starts once they are changed',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-demo-'));
      try {
        const seedWith = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
        const ctx = await createContext(seedWith);
        expect(await seedDemoIfEmpty(ctx)).toBe(true);
        await ctx.database.close();
        ctx.images.close();

        const refused = await runApiToExit(live, dataDir);
        expect(refused.code).toBe(1);
        expect(refused.output.trim().split('\n')).toEqual([
          `Refusing to start in production: the demo account ${DEMO_ADMIN.email} still has its demo password; change it (npm run create-admin -- --email ${DEMO_ADMIN.email} --password ...) or delete the account.`,
          expect.stringMatching(`^Refusing to start in production: the demo account ${DEMO_CUSTOMER.email} still`),
        ]);
        for (const demo of [DEMO_ADMIN, DEMO_CUSTOMER]) expect(refused.output).not.toContain(demo.password);

        const again = await createContext(seedWith);
        for (const demo of [DEMO_ADMIN, DEMO_CUSTOMER]) {
          const user = (await findUserByEmail(again.db, demo.email))!;
          await setPasswordHash(again.db, user.id, await hashPassword(`changed-${demo.password}-x9`));
        }
        await again.database.close();
        again.images.close();

        const started = await runApiToExit(live, dataDir, /Listening on /);
        expect(started.output).toContain('Ruwa is running at https://ruwa.example.com');
        expect(started.output).not.toContain('Refusing');
        expect(started.output).not.toMatch(/Demo (admin|customer)|ruwa-(admin|demo)-2026/);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('mounts nothing under /sandbox', async () => {
    const app = await createTestApp(live);
    try {
      expect(app.app.routeList.filter((route) => route.includes('/sandbox'))).toEqual([]);
      for (const url of [
        '/sandbox/mail/messages',
        '/sandbox/mail',
        '/sandbox/sms/messages',
        '/sandbox/sms',
        '/sandbox/paystack/inline.js',
      ]) {
        expect((await app.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const charge = await app.app.inject({
        method: 'POST',
        url: '/sandbox/paystack/test/charge',
        payload: { reference: 'R1', email: 'a@example.com', amount: 100, outcome: 'success' },
      });
      expect(charge.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

/**
 * Starts `src/main.ts` as production does and waits for it to exit (30 s at most), or until its
 * output matches `until` (then stops it). Without `dataDir`, on a fresh one removed afterwards.
 */
async function runApiToExit(
  env: Record<string, string>,
  givenDataDir?: string,
  until?: RegExp,
): Promise<{ code: number | null; output: string }> {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), 'ruwa-refuse-'));
  const child = spawn(process.execPath, [...API_NODE_ARGS, 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (until?.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}

describe('readiness and metrics', () => {
  it('is ready once every migration is applied, and says how many are missing otherwise', async () => {
    expect((await call(t, 'GET', '/api/ready')).body).toEqual({ status: 'ready', database: t.ctx.database.kind });
    const app = await createTestApp();
    try {
      await app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const notReady = await call(app, 'GET', '/api/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body.message).toBe('1 database migrations are not applied.');
      // Liveness is another question: the process still answers.
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves Prometheus metrics only to the METRICS_TOKEN bearer', async () => {
    expect(t.app.routeList).not.toContain('GET /metrics');
    const token = 'metrics-token-0123456789abcdef';
    const app = await createTestApp({ METRICS_TOKEN: token });
    try {
      await app.ctx.jobs.start();
      const actor = await createUser(app);
      await call(app, 'GET', '/api/banks', { token: actor.token });
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', token]) {
        const res = await app.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, String(authorization)).toBe(404);
      }
      const res = await app.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(
        /ruwa_http_request_duration_seconds_count\{method="GET",route="\/api\/banks",status_code="200"\} 1/,
      );
      expect(res.body).toMatch(/ruwa_provider_calls_total\{provider="paystack",operation="bank",outcome="ok"\} 1/);
      expect(res.body).toMatch(/ruwa_job_queue_depth \d+/);
      expect(res.body).toContain('process_cpu_seconds_total');
      expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    } finally {
      await app.close();
    }
  });
});
