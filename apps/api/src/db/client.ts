import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data-access functions take either, so a service can make several writes one transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Set for PostgreSQL: the pool, also used by the job queue. */
  pool?: pg.Pool;
  /** Set for PGlite: the embedded engine. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /** How many of this build's migrations the database has not applied; throws when unreachable. */
  pendingMigrations(): Promise<number>;
  /**
   * LISTENs on `channel` and calls `onNotify` with each payload; answers a function that stops.
   * On PostgreSQL the listeners of a channel share a connection of their own, opened again if it is
   * lost, after which each `onReconnect` runs (notifications sent while it was down are gone: the
   * caller catches up).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const LISTEN_RETRY_MAX_MS = 10_000;

/** A LISTEN connection outside the pool (a pooled one would be handed to queries), re-opened when lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const open = async (again: boolean) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) onNotify(message.payload);
    });
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      if (!stopped) reopenLater();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await client.end().catch(() => undefined));
    current = client;
    delay = 250;
    if (again) onReconnect?.();
  };
  const reopenLater = () => {
    retry = setTimeout(() => open(true).catch(() => !stopped && reopenLater()), delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

type Listen = Database['listen'];
type Listener = { onNotify: (payload: string) => void; onReconnect?: () => void };

/**
 * One LISTEN per channel, however many parts of the process listen on it (the live streams and the
 * alerts both follow the events): PostgreSQL wakes one backend per listening connection for every
 * notification, so a second connection on the same channel would double that work. The connection
 * opens with the first listener and closes with the last.
 */
export function sharedListen(listen: Listen): Listen {
  /** Per channel: its listeners, and the connection being opened (answering the function that stops it). */
  const channels = new Map<string, { listeners: Set<Listener>; opening: Promise<() => Promise<void>> }>();
  /** Opens the channel's one connection, handing each notification to every listener present. */
  function open(channel: string) {
    const listeners = new Set<Listener>();
    const opening = listen(
      channel,
      (payload) => listeners.forEach((listener) => listener.onNotify(payload)),
      () => listeners.forEach((listener) => listener.onReconnect?.()),
    );
    const opened = { listeners, opening };
    channels.set(channel, opened);
    // A connection that could not open is forgotten, so the next listener tries again.
    opening.catch(() => channels.get(channel) === opened && channels.delete(channel));
    return opened;
  }
  return async (channel, onNotify, onReconnect) => {
    const shared = channels.get(channel) ?? open(channel);
    const { listeners, opening } = shared;
    const listener = { onNotify, onReconnect };
    listeners.add(listener);
    try {
      await opening;
    } catch (error) {
      listeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!listeners.delete(listener) || listeners.size) return;
      if (channels.get(channel) === shared) channels.delete(channel);
      const stop = await opening;
      await stop();
    };
  };
}

const migrationCount = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
// Drizzle's record of applied migrations (its default schema and table).
const APPLIED_MIGRATIONS_SQL = 'select count(*)::int as n from drizzle.__drizzle_migrations';
const pendingOf = (rows: { n: number }[]) => Math.max(0, migrationCount - (rows[0]?.n ?? 0));

// bigint columns (kobo sums, counts) arrive as strings from pg by default; they fit in a JS number
// for any amount this business will see (2^53 kobo is ~90 trillion naira).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Any fixed numbers: each names a lock every instance takes while it changes shared schema. */
const MIGRATION_LOCK_KEY = 720_417_001;
export const JOB_QUEUE_SETUP_LOCK_KEY = 720_417_002;

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock, so instances starting at the same
 * moment do it one at a time instead of racing on the same DDL (which PostgreSQL may answer with a
 * deadlock). The lock lives on one pooled connection; `work` may use any other.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

export function connectPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    // Instances starting together would race to create the same tables and one would crash: the
    // first takes a session lock and migrates, the others wait for it and find nothing left to do.
    migrate: async () => {
      await withAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) =>
        migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR }),
      );
    },
    pendingMigrations: async () => pendingOf((await pool.query<{ n: number }>(APPLIED_MIGRATIONS_SQL)).rows),
    listen: sharedListen((channel, onNotify, onReconnect) => listenPostgres(url, channel, onNotify, onReconnect)),
    close: () => pool.end(),
  };
}

/** PGlite (PostgreSQL in WebAssembly). `dataDir` undefined means in memory. */
export async function connectPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // pg_trgm backs the admin search indexes (migration 0011); PostgreSQL ships it as contrib.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    pendingMigrations: async () => pendingOf((await client.query<{ n: number }>(APPLIED_MIGRATIONS_SQL)).rows),
    // One embedded connection: its own notifications come back to it once a transaction commits.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

export async function connectDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL);
  return connectPglite(path.join(config.DATA_DIR, 'pglite'));
}
