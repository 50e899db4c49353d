import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// bigint columns (kobo sums, counts) arrive as strings from pg by default; they fit in a JS number
// for any amount this business will see (2^53 kobo is ~90 trillion naira).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** PGlite (PostgreSQL in WebAssembly). `dataDir` undefined means in memory. */
export async function connectPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function connectDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL);
  return connectPglite(path.join(config.DATA_DIR, 'pglite'));
}
