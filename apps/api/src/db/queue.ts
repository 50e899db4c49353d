import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * The condition that picks the `limit` oldest rows of a queue table by its key, for a claim that
 * deletes them: each row is then claimed once, whichever instance asks (a claim of the same rows at
 * the same time waits for this one, then finds them gone). `= any(array(...))` makes the delete find
 * its rows by the key, never by reading the table, which is mostly rows deleted by earlier claims
 * until vacuum comes by.
 */
export function oldestInQueue(db: DbOrTx, table: PgTable, key: PgColumn, limit: number): SQL {
  const oldest = db.select({ key }).from(table).orderBy(key).limit(limit);
  return sql`${key} = any(array(${oldest}))`;
}
