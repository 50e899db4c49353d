import { and, asc, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * One batch of a read that goes through many rows without holding them: the rows created in
 * [from, to) whose id is above `afterId`, the first `limit` of them by id. The next batch starts
 * after the last id of this one, so each is one index range read, the same on PostgreSQL and PGlite,
 * and a million rows are never in memory at once.
 */
export type KeysetBatch = { from: Date; to: Date; afterId: number; limit: number };

export function createdBetweenBatch<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: DbOrTx,
  table: Table,
  batch: KeysetBatch,
  where?: SQL,
): Promise<Table['$inferSelect'][]> {
  return db
    .select()
    .from(table as PgTable)
    .where(and(gt(table.id, batch.afterId), gte(table.createdAt, batch.from), lt(table.createdAt, batch.to), where))
    .orderBy(asc(table.id))
    .limit(batch.limit) as unknown as Promise<Table['$inferSelect'][]>;
}
