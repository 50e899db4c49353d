import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/bootstrap';
import { loadConfig } from '../src/lib/config';
import type { TestApp } from './helpers/app';
import { call } from './helpers/factories';

// `npm run create-admin -- --email E --password P` as an operator runs it: a child process on the
// database `npm start` uses (PGlite in DATA_DIR, or PostgreSQL when TEST_DATABASE_URL is set, like the
// rest of the suite), then the admin signs in through the real app on that same database.

const repo = fileURLToPath(new URL('../../..', import.meta.url));

type Run = { code: number | null; stdout: string; stderr: string };

function createAdminCommand(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'create-admin', '--', ...args], {
      cwd: repo,
      // npm's own notices (user config warnings) are not the command's output.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_loglevel: 'error', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-cli-'));
const databaseName = `ruwa_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
let databaseUrl: string | undefined;
/** Where the command writes: DATABASE_URL for PostgreSQL, or only DATA_DIR for PGlite. */
const target = () => ({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

beforeAll(async () => {
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

/** The real app on the command's database (PGlite allows one process at a time, so it is closed after). */
async function withApp(use: (t: TestApp) => Promise<void>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://ruwa.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_AUTH_PER_IP: '1000',
    ...target(),
  });
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  try {
    await use({ app, ctx, db: ctx.db } as unknown as TestApp);
  } finally {
    await app.close();
    await ctx.jobs.stop();
    await ctx.database.close();
  }
}

describe(`npm run create-admin (${adminUrl ? 'PostgreSQL' : 'PGlite in DATA_DIR'})`, () => {
  it('creates an admin on a fresh database who then signs in through the app', { timeout: 180_000 }, async () => {
    const run = await createAdminCommand(['--email', 'Boss@Example.com', '--password', 'lagos-admin-77'], target());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Admin boss@example.com created.');

    let customerToken = '';
    await withApp(async (t) => {
      const signedIn = await call(t, 'POST', '/api/auth/login', {
        body: { email: 'boss@example.com', password: 'lagos-admin-77' },
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.user.role).toBe('admin');
      const me = await call(t, 'GET', '/api/users/me', { token: signedIn.body.data.access_token });
      expect(me.body.data).toMatchObject({
        email: 'boss@example.com',
        role: 'admin',
        staff_role: 'owner',
        first_name: 'Ruwa',
      });
      // The admin route guard lets them in.
      expect((await call(t, 'GET', '/api/admin/customers', { token: signedIn.body.data.access_token })).status).toBe(
        200,
      );

      const registered = await call(t, 'POST', '/api/auth/register', {
        body: {
          first_name: 'Kemi',
          last_name: 'Ade',
          email: 'kemi@example.com',
          phone_number: '08031112222',
          password: 'kemi-old-pass-1',
          password_confirmation: 'kemi-old-pass-1',
        },
      });
      expect(registered.status).toBe(201);
      customerToken = registered.body.data.access_token;
    });

    // An existing account is made an admin with the new password; its old sessions end.
    const promote = await createAdminCommand(
      ['--email', 'KEMI@example.com', '--password', 'kemi-new-pass-2', '--staff-role', 'support'],
      target(),
    );
    expect(promote.stderr).toBe('');
    expect(promote.code).toBe(0);
    expect(promote.stdout).toContain('kemi@example.com is now an admin');

    await withApp(async (t) => {
      expect((await call(t, 'GET', '/api/users/me', { token: customerToken })).status).toBe(401);
      expect(
        (await call(t, 'POST', '/api/auth/login', { body: { email: 'kemi@example.com', password: 'kemi-old-pass-1' } }))
          .status,
      ).toBe(401);
      const signedIn = await call(t, 'POST', '/api/auth/login', {
        body: { email: 'kemi@example.com', password: 'kemi-new-pass-2' },
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.user).toMatchObject({ role: 'admin', staff_role: 'support', first_name: 'Kemi' });
    });
  });
});

describe('npm run create-admin with bad input', () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      'a short password',
      ['--email', 'ops@example.com', '--password', 'short'],
      /^create-admin: --password: The password must be at least 8 characters\.$/,
    ],
    [
      'a common password',
      ['--email', 'ops@example.com', '--password', 'password123'],
      /^create-admin: --password: This password is too easy to guess\. This is a commonly used password\./,
    ],
    [
      'a bad e-mail',
      ['--email', 'not-an-email', '--password', 'long-enough-1'],
      /^create-admin: --email: This is not an e-mail address\.$/,
    ],
    ['no e-mail', ['--password', 'long-enough-1'], /^create-admin: --email: An e-mail address is required\.$/],
    [
      'a staff role that does not exist',
      ['--email', 'ops@example.com', '--password', 'long-enough-1', '--staff-role', 'king'],
      /^create-admin: --staff-role: Choose owner, finance, support or dispatcher\.$/,
    ],
    [
      'an unknown option',
      ['--email', 'ops@example.com', '--password', 'long-enough-1', '--admin'],
      /^create-admin: Unknown option '--admin'\. Usage: npm run create-admin -- --email E --password P/,
    ],
  ];

  it.each(cases)(
    '%s exits non-zero with one line naming the problem and writes nothing',
    { timeout: 60_000 },
    async (_name, args, line) => {
      const empty = mkdtempSync(path.join(tmpdir(), 'ruwa-cli-bad-'));
      try {
        const run = await createAdminCommand(args, { DATA_DIR: empty });
        expect(run.code).toBe(1);
        expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
        // Refused before any database was opened.
        expect(readdirSync(empty)).toEqual([]);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
  );

  it('an unreachable database exits non-zero with one line saying so', { timeout: 60_000 }, async () => {
    const run = await createAdminCommand(['--email', 'ops@example.com', '--password', 'long-enough-1'], {
      DATA_DIR: path.join(dataDir, 'unused'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^create-admin: .*ECONNREFUSED/)]);
  });
});
