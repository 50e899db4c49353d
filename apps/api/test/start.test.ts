import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/payments';

// `npm start` as a newcomer runs it (scripts/start.mjs -> src/main.ts) on a fresh DATA_DIR: embedded
// PGlite, migrations, demo seed. WEB_DIST_DIR points at a stand-in build so the script serves it
// instead of building the web app; PORT=0 lets the system pick the port, read from "Listening on".

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'ruwa-start-'));
const dataDir = path.join(root, 'data');
const webDist = path.join(root, 'web');
mkdirSync(webDist);
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Ruwa</title><div id="root" data-build="stand-in"></div>',
);

type Started = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };
const running = new Set<ChildProcess>();

/** Whether any process of the group `npm start` leads (npm, start.mjs, the API) is still alive. */
function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

async function npmStart(): Promise<Started> {
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: repo,
    // Its own process group, so stopping it is Ctrl-C in a terminal: SIGINT to every process in it.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      npm_config_loglevel: 'error',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const base = await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (!port) return undefined;
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    return up ? `http://127.0.0.1:${port}` : undefined;
  }, 150_000);
  return { child, base, output: () => output, exited };
}

async function stop(started: Started) {
  process.kill(-started.child.pid!, 'SIGINT');
  await started.exited;
  // start.mjs waits for the API to close the database; nothing of the group outlives it.
  await eventually(async () => (groupAlive(started.child) ? undefined : true), 20_000);
  running.delete(started.child);
}

afterAll(() => {
  for (const child of running) if (groupAlive(child)) process.kill(-child.pid!, 'SIGKILL');
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
