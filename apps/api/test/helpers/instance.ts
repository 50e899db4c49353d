import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_ARGS } from '../../../../scripts/api-server.mjs';
import type { TestApp } from './app';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export type ApiProcess = {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
};

/**
 * Starts `src/main.ts` with the Node arguments production uses (scripts/api-server.mjs) on a port
 * the system picks (PORT=0) and resolves once it answers /api/health. The port is read from the
 * process's own "Listening on" line, so two test files starting processes at once can never meet
 * each other's server on a reused port.
 */
export async function spawnApi(env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  let output = '';
  const child = spawn(process.execPath, [...API_NODE_ARGS, 'src/main.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port) {
      const base = `http://127.0.0.1:${port}`;
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return { child, base, exited, output: () => output };
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process did not start (exit ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type InjectOptions = {
  method: string;
  url: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: unknown;
};

/**
 * Another API *process* (`node --import tsx src/main.ts`, as `npm start` runs it) on the same
 * PostgreSQL database as `t`: its own pool, job runner (pg-boss), rate-limit store, caches and port,
 * sharing nothing in memory with the test or with other instances. It answers the test helpers'
 * `app.inject` over real HTTP, so `call`, `createUser` and `sandboxCharge` work against it unchanged.
 */
export async function startApiProcess(t: TestApp, env: Record<string, string> = {}) {
  if (!t.databaseUrl) throw new Error('a second API process needs PostgreSQL (TEST_DATABASE_URL)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-instance-'));
  const { child, base, exited, output } = await spawnApi({
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://ruwa.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_AUTH_PER_IP: '1000',
    ...env,
  });

  async function inject(options: InjectOptions) {
    const target = new URL(options.url, base);
    for (const [key, value] of Object.entries(options.query ?? {})) target.searchParams.set(key, value);
    const raw =
      options.payload === undefined || typeof options.payload === 'string'
        ? options.payload
        : JSON.stringify(options.payload);
    const headers = { ...(raw === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers };
    const res = await fetch(target, { method: options.method, headers, body: raw as string | undefined });
    const body = await res.text();
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
  }

  const instance = {
    ...t,
    app: { inject },
    url: base,
    pid: child.pid!,
    output,
    /** SIGTERM, as an orchestrator stops it: the process finishes its requests and jobs, then exits. */
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // The helpers only use `app.inject`, `db` and `ctx.config` (shared keys), so this stands in for a TestApp.
  return instance as unknown as TestApp & {
    url: string;
    pid: number;
    output: () => string;
    close: () => Promise<void>;
  };
}
