import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options } from 'autocannon';
import pg from 'pg';
import { API_NODE_ARGS, freePort } from '../scripts/api-server.mjs';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const quick = process.argv.includes('--quick');

// Same choice as the app: bigint sums and counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Drops and recreates a database next to BENCH_DATABASE_URL's, empty or a copy of `template` (to
 * which nothing may be connected); answers its URL.
 */
export async function freshDatabase(name: string, template?: string): Promise<string> {
  for (const n of [name, template ?? name])
    if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`bad database name ${n}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return databaseUrl(name);
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type Running = { name: string; child: ChildProcess; url: string; logFile: string; dir: string };
const running: Running[] = [];

/**
 * Starts a TypeScript entry point with the Node arguments the API runs with in production
 * (scripts/api-server.mjs: tsx and its V8 flags, the same for the API and the baseline) in its own
 * process group, so stopping it also stops anything it spawned, and waits until `/api/health`
 * answers.
 */
export async function startServer(name: string, entry: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), `ruwa-bench-${name}-`));
  const logFile = path.join(dir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...API_NODE_ARGS, entry], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ...env,
    },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const server = { name, child, url: `http://127.0.0.1:${port}`, logFile, dir };
  running.push(server);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logFile}`);
    const status = await get(`${server.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    if (Date.now() > deadline) throw new Error(`${name} did not become healthy; see ${logFile}`);
    await sleep(200);
  }
}

export async function stopServer(server: Running): Promise<void> {
  const index = running.indexOf(server);
  if (index >= 0) running.splice(index, 1);
  if (server.child.exitCode === null && server.child.pid) {
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    try {
      process.kill(-server.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-server.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 8000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dir, { recursive: true, force: true });
}

export async function stopAll(): Promise<void> {
  for (const server of [...running]) await stopServer(server);
}

// A bench interrupted with Ctrl-C still stops its servers.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const server of running) {
      try {
        process.kill(-server.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP call over a keep-alive connection; answers status, parsed JSON body and time taken. */
export function request(
  url: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; raw: string; ms: number; headers: http.IncomingHttpHeaders }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks).toString('utf8');
          let body: unknown = raw;
          try {
            body = JSON.parse(raw);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body, raw, ms, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export const get = (url: string, token?: string) => request(url, { token });

export type LoadFigures = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ok: number;
  total: number;
  seconds: number;
};

/** Runs autocannon and keeps the figures the report prints. Errors are transport errors plus non-2xx. */
export async function load(options: Options): Promise<LoadFigures> {
  const result = await autocannon({ timeout: 30, ...options });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok,
    total: ok + result.non2xx + result.errors + result.timeouts,
    seconds: result.duration,
  };
}

/**
 * Steady load at a fixed rate over `connections` keep-alive sockets: requests leave evenly spaced.
 * (autocannon's rate limit sends each second's quota at once and then waits, which is full load in
 * bursts, not half load.) Latency counts from when each request was due, so a stall on either side
 * shows in the figures instead of quietly lowering the rate (no coordinated omission).
 */
export async function paced(options: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  next: (i: number) => { path: string; headers: Record<string, string> };
}): Promise<LoadFigures> {
  const pool = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / options.rate;
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const latencies = new Float64Array(total);
  let sent = 0;
  let done = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let lastEnd = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const finish = (i: number, due: number) => {
      lastEnd = performance.now();
      latencies[i] = lastEnd - due;
      if (++done === total) resolve();
    };
    const fire = (i: number) => {
      const due = start + i * interval;
      const { path, headers } = options.next(i);
      const req = http.request(`${options.url}${path}`, { agent: pool, headers, timeout: 30_000 }, (res) => {
        if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) ok += 1;
        else non2xx += 1;
        res.resume();
        res.on('end', () => finish(i, due));
      });
      req.on('error', () => {
        errors += 1;
        finish(i, due);
      });
      req.end();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(sent++);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  pool.destroy();
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const seconds = (lastEnd - start) / 1000;
  return { rps: ok / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx, ok, total, seconds };
}

/** Latency percentiles of `n` calls one after another (no concurrency): what one user waits. */
export async function sequentialLatency(n: number, call: (i: number) => Promise<{ status: number; ms: number }>) {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const { status, ms } = await call(i);
    if (status !== 200) failures += 1;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), failures, n };
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** A Markdown table, so the output pastes straight into docs/performance.md. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
