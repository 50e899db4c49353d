import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Which page of a list: `limit` rows after the first `offset`. */
export type Paging = { limit: number; offset: number };

/** A page of rows and how many rows the list holds in all. */
export type PagedRows<Row> = { rows: Row[]; total: number };

/**
 * A page and its total, read side by side: `rows` selects the page, `total` counts what the same
 * filter matches (as `{ total }`). For lists that join or pick columns; `pagedSelect` is the common case.
 */
export async function counted<Row>(rows: Promise<Row[]>, total: Promise<{ total: number }[]>): Promise<PagedRows<Row>> {
  const [page, [counts]] = await Promise.all([rows, total]);
  return { rows: page, total: Number(counts?.total ?? 0) };
}

/** A page of `table`'s rows that match `where`, in `orderBy` order, and how many match in all. */
export function pagedSelect<Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  { where, orderBy, limit, offset }: Paging & { where?: SQL; orderBy: (SQL | PgColumn)[] },
): Promise<PagedRows<Table['$inferSelect']>> {
  const rows = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset) as unknown as Promise<Table['$inferSelect'][]>;
  return counted(
    rows,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  );
}
