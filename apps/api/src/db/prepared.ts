import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * A statement built once per database for the reads nearly every request makes (the bearer token,
 * the catalogue, the orders list). drizzle skips rebuilding the SQL, and on PostgreSQL the statement
 * is named, so each pooled connection parses and plans it once and afterwards only binds values.
 * Values that change per call go in `sql.placeholder(...)`.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: DbOrTx) => T {
  const perDatabase = new WeakMap<object, T>();
  return (db) => {
    let statement = perDatabase.get(db);
    if (!statement) {
      statement = build(db as Db);
      perDatabase.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement prepared the same way, for what the query builder cannot say in one
 * round trip (several writes made one with data-modifying CTEs). It answers rows of `table`:
 * `build` gets that table's column list and must end by selecting or returning exactly it, then
 * one value per name in `extra`, in order, so drizzle decodes each column as it does for the
 * builder's own queries (timestamps as Date, bigint kobo as number); the extra values come as the
 * driver reads them. Runs through drizzle's session, so it works the same on PGlite, where the name
 * is simply not used.
 */
export function preparedSql<TTable extends Table, TExtra extends string = never>(
  name: string,
  table: TTable,
  build: (columns: SQL) => SQL,
  extra: readonly TExtra[] = [],
) {
  type Row = TTable['$inferSelect'] & Record<TExtra, unknown>;
  const entries = Object.entries(getTableColumns(table));
  const columns = sql.join(
    entries.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const fields = [
    ...entries.map(([key, column]) => ({ path: [key], field: column })),
    ...extra.map((key) => ({ path: [key], field: sql`` })),
  ];
  return preparedStatement((db) =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      dialect.sqlToQuery(build(columns)),
      fields,
      name,
      true,
    ),
  );
}
