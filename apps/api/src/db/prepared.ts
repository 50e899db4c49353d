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
