import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { createContext } from '../../src/bootstrap';
import { loadConfig } from '../../src/lib/config';
import { connectPglite, connectPostgres, type Database } from '../../src/db/client';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A database of its own for one test file: a copy of the PGlite template, or a fresh PostgreSQL database. */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const blob = template ? new Blob([readFileSync(template)]) : undefined;
    return { database: await connectPglite(undefined, blob), drop: async () => undefined };
  }
  const name = `ruwa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: connectPostgres(url.toString(), { max: 20 }),
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Runs the steps in order, writing to stderr every 10 s while one is still waiting. A close that
 * once ran into the hook timeout in CI (PostgreSQL suite, wallet.test.ts; not reproduced in three
 * full runs since) said only "Hook timed out": this names the step it waited for.
 */
async function reportingSlowSteps(steps: Record<string, () => Promise<unknown>>) {
  for (const [name, run] of Object.entries(steps)) {
    const started = Date.now();
    const report = setInterval(() => {
      process.stderr.write(
        `test app close: still waiting for ${name} after ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
    }, 10_000);
    try {
      await run();
    } finally {
      clearInterval(report);
    }
  }
}

/** The real app on a fresh database, driven through HTTP with `app.inject`. */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://ruwa.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, url: databaseUrl, drop } = await freshDatabase();
  const ctx = await createContext(config, database);
  const app = await buildApp(ctx);
  // A real port, so provider clients reach the sandboxes over HTTP as they do in production.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address && typeof address === 'object') ctx.setInternalUrl(`http://127.0.0.1:${address.port}`);

  return {
    app,
    ctx,
    db: ctx.db,
    /** The PostgreSQL database's URL, so other API processes can share it (undefined on PGlite). */
    databaseUrl,
    async close() {
      await reportingSlowSteps({
        'app.close': () => app.close(),
        'jobs.stop': () => ctx.jobs.stop(),
        'database.close': () => database.close(),
        'drop database': drop,
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
