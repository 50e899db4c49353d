import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/payments';
import { groupAlive, killGroup, startServer, type StartedServer } from './helpers/server-process';

// `npm start` as a newcomer runs it (scripts/start.mjs -> src/main.ts) on a fresh DATA_DIR: embedded
// PGlite, migrations, demo seed. WEB_DIST_DIR points at a stand-in build so the script serves it
// instead of building the web app.

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'ruwa-start-'));
const dataDir = path.join(root, 'data');
const webDist = path.join(root, 'web');
mkdirSync(webDist);
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Ruwa</title><div id="root" data-build="stand-in"></div>',
);

const running = new Set<ChildProcess>();

async function npmStart(): Promise<StartedServer> {
  const started = await startServer('npm', ['start'], {
    cwd: repo,
    env: { npm_config_loglevel: 'error', DATA_DIR: dataDir, WEB_DIST_DIR: webDist },
    timeoutMs: 150_000,
  });
  running.add(started.child);
  return started;
}

async function stop(started: StartedServer) {
  process.kill(-started.child.pid!, 'SIGINT');
  await started.exited;
  // start.mjs waits for the API to close the database; nothing of the group outlives it.
  await eventually(async () => (groupAlive(started.child) ? undefined : true), 20_000);
  running.delete(started.child);
}

afterAll(() => {
  for (const child of running) killGroup(child);
  rmSync(root, { recursive: true, force: true });
});

async function http(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
  };
}

async function signIn(base: string, email: string, password: string) {
  const res = await http(base, 'POST', '/api/auth/login', { body: { email, password } });
  expect(res.status, `${email}: ${res.text}`).toBe(200);
  return res.body.data.access_token as string;
}

const locationNames = async (base: string, token: string) =>
  (await http(base, 'GET', '/api/location/index', { token })).body.data.data
    .map((l: { name: string }) => l.name)
    .sort();

describe('npm start on a fresh DATA_DIR', () => {
  it(
    'migrates, seeds the demo data once and serves; a restart keeps what was written',
    { timeout: 300_000 },
    async () => {
      const first = await npmStart();
      expect(first.output()).toContain(`Database: embedded PGlite in ${dataDir} (demo data seeded)`);
      // PORT=0: the banner names the port the system picked, not port 0.
      expect(first.output()).toContain(`Ruwa is running at http://localhost:${new URL(first.base).port}\n`);
      expect(first.output()).toContain('Demo customer: ada@ruwa.local / ruwa-demo-2026');
      expect(first.output()).not.toMatch(/Building the web app|rebuilding/);

      expect((await http(first.base, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'pglite' });
      // The build WEB_DIST_DIR names is what is served.
      const shell = await http(first.base, 'GET', '/');
      expect(shell.status).toBe(200);
      expect(shell.text).toContain('data-build="stand-in"');

      const demo = await signIn(first.base, 'ada@ruwa.local', 'ruwa-demo-2026');
      const seededLocations = await locationNames(first.base, demo);
      expect(seededLocations).toEqual(['Ikeja', 'Lekki', 'Surulere', 'Victoria Island', 'Yaba']);
      const registered = await http(first.base, 'POST', '/api/auth/register', {
        body: {
          first_name: 'Tunde',
          last_name: 'Bello',
          email: 'tunde@example.com',
          phone_number: '08039998888',
          password: 'first-run-pass-1',
          password_confirmation: 'first-run-pass-1',
        },
      });
      expect(registered.status, registered.text).toBe(201);
      await stop(first);

      const second = await npmStart();
      expect(second.output()).toContain(`Database: embedded PGlite in ${dataDir}\n`);
      expect(second.output()).not.toContain('demo data seeded');
      expect((await http(second.base, 'GET', '/api/health')).body).toEqual({ status: 'ok', database: 'pglite' });
      await signIn(second.base, 'tunde@example.com', 'first-run-pass-1');
      const demoAgain = await signIn(second.base, 'ada@ruwa.local', 'ruwa-demo-2026');
      expect(await locationNames(second.base, demoAgain)).toEqual(seededLocations);
      await stop(second);
    },
  );
});
