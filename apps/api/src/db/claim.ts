import { asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table whose rows are claimed by their integer `id`. */
type Claimable = PgTable & { id: PgColumn };

/**
 * Claims up to `limit` rows of `table` that match `where`, lowest id first, by marking them with
 * `set` (which must make them stop matching): each row is claimed once, whichever instance asks, and
 * rows another transaction is claiming are skipped rather than waited for. Answers the claimed rows,
 * lowest id first.
 *
 * The rows are picked and marked in two statements of one transaction. As a subquery of the update,
 * the `limit ... for update skip locked` pick runs again for each row and skips the rows the update
 * has already marked, so the limit would not hold (a claim of 50 took 53).
 */
export async function claimRows<TTable extends Claimable>(
  db: DbOrTx,
  table: TTable,
  claim: { where: SQL | undefined; limit: number; set: PgUpdateSetSource<TTable> },
): Promise<TTable['$inferSelect'][]> {
  return db.transaction(async (tx) => {
    const picked = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(claim.where)
      .orderBy(asc(table.id))
      .limit(claim.limit)
      .for('update', { skipLocked: true })) as { id: number }[];
    if (!picked.length) return [];
    const claimed = (await tx
      .update(table)
      .set(claim.set)
      .where(
        inArray(
          table.id,
          picked.map((row) => row.id),
        ),
      )
      .returning()) as TTable['$inferSelect'][];
    return claimed.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
  });
}
