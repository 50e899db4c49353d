import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUILT_ENTRY, API_V8_ARGS } from '../../../scripts/api-server.mjs';
import { buildApi } from '../../../scripts/build-api.mjs';
import { connectDatabase } from '../src/db/client';
import { findUserByEmail } from '../src/modules/users/service';
import { DEMO_CUSTOMER } from '../src/seed/demo';
import { killGroup, startServer, type StartedServer } from './helpers/server-process';

// Production runs the esbuild bundle with plain Node (`npm run build`, then `npm run start:prod`).
// The bundle is built from the current sources first (esbuild takes well under a second), then
// started through scripts/start.mjs --prod on a fresh DATA_DIR: embedded PGlite, migrations, demo seed.

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'ruwa-built-'));

let started: StartedServer;

const startProd = () =>
  startServer(process.execPath, ['scripts/start.mjs', '--prod'], {
    cwd: repo,
    env: { DATA_DIR: path.join(root, 'data') },
    timeoutMs: 50_000,
  });

/** The command line of each process `pid` started (Linux's /proc). */
function childCommandLines(pid: number): string[][] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.map((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean));
}

describe('the built API (npm run build, npm run start:prod)', () => {
  beforeAll(async () => {
    await buildApi();
    started = await startProd();
  }, 60_000);

  afterAll(async () => {
    if (started) killGroup(started.child);
    rmSync(root, { recursive: true, force: true });
  });

  it('is one JavaScript file with the contract bundled in and every package left to node_modules', () => {
    const bundle = readFileSync(path.join(repo, API_BUILT_ENTRY), 'utf8');
    expect(bundle).not.toMatch(/from ["']@ruwa\/contract/);
    expect(bundle).not.toMatch(/from ["'][^"']*\.ts["']/);
    // The contract's code is in it, and so are the imports of real packages.
    expect(bundle).toContain('normalizeNigerianPhone');
    expect(bundle).toMatch(/from "fastify"/);
  });

  it('runs the bundle with plain Node: the V8 flags of scripts/api-server.mjs and no tsx', () => {
    const [server, ...others] = childCommandLines(started.child.pid!);
    expect(others).toEqual([]);
    expect(server).toEqual([process.execPath, ...API_V8_ARGS, API_BUILT_ENTRY]);
    expect(server!.join(' ')).not.toContain('tsx');
  });

  it('migrates and seeds the empty embedded database: the demo customer signs in', async () => {
    const health = await fetch(`${started.base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect((await fetch(`${started.base}/api/ready`)).status).toBe(200);

    const login = await fetch(`${started.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { access_token: string; user: { email: string } } };
    expect(data.user.email).toBe(DEMO_CUSTOMER.email);

    // The seed rendered its pictures from the SVGs in src/seed/images.
    const categories = await fetch(`${started.base}/api/product/category/index?enabled=1`, {
      headers: { authorization: `Bearer ${data.access_token}` },
    });
    const list = ((await categories.json()) as { data: { data: { image: string }[] } }).data.data;
    expect(list).toHaveLength(4);
    const image = await fetch(`${started.base}${list[0]!.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('finds its other run-time files from dist/: the sandbox checkout script and the web build', async () => {
    const inline = await fetch(`${started.base}/sandbox/paystack/inline.js`);
    expect(inline.status).toBe(200);
    expect(await inline.text()).toBe(readFileSync(path.join(repo, 'apps/api/src/platform/paystack/inline.js'), 'utf8'));

    const webDist = path.join(repo, 'apps/web/dist');
    if (existsSync(path.join(webDist, 'index.html'))) {
      const page = await fetch(`${started.base}/`);
      expect(page.status).toBe(200);
      // The built page, with the runtime configuration inline instead of in /env.js.
      const served = await page.text();
      expect(served).toMatch(/<script>window\.__RUWA_ENV__ = \{.*\};<\/script>/);
      expect(
        served.replace(/<script>window\.__RUWA_ENV__ = \{.*?\};<\/script>/, '<script defer src="/env.js"></script>'),
      ).toBe(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
    } else {
      // Without a web build the server says where it looked; that must be apps/web/dist.
      expect(started.output()).toContain(`"dist":${JSON.stringify(webDist)}`);
    }
  });

  it('stops on SIGTERM to start.mjs, as a process manager stops it', async () => {
    process.kill(started.child.pid!, 'SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('bundles create-admin too: it makes an admin on the embedded database', async () => {
    const dataDir = path.join(root, 'create-admin');
    const result = spawnSync(
      process.execPath,
      ['apps/api/dist/create-admin.js', '--email', 'boss@example.com', '--password', 'a-long-password-2026'],
      { cwd: repo, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('Admin boss@example.com created.');
    const database = await connectDatabase({ DATA_DIR: dataDir });
    try {
      expect(await findUserByEmail(database.db, 'boss@example.com')).toMatchObject({ role: 'admin' });
    } finally {
      await database.close();
    }
    // Creating and migrating a new PGlite database, then opening it again here, takes seconds.
  }, 60_000);

  it('refuses to start, naming the command to run, when the bundle is missing', () => {
    // A checkout with the scripts and no build: start.mjs finds the bundle relative to itself.
    const checkout = path.join(root, 'unbuilt');
    mkdirSync(checkout);
    cpSync(path.join(repo, 'scripts'), path.join(checkout, 'scripts'), { recursive: true });
    const result = spawnSync(process.execPath, [path.join(checkout, 'scripts/start.mjs'), '--prod'], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Cannot start: ${API_BUILT_ENTRY} is missing; run \`npm run build\` first.`);
  });
});
