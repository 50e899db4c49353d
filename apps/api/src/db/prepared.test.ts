import { sql } from 'drizzle-orm';
import { pgTable, bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectPglite } from './client';
import { preparedSql, preparedStatement } from './prepared';

// Booting PGlite is slow on a busy machine (over 30 s seen for two): in hooks, which get 60 s, not in
// the tests' 30 s.
let one: Awaited<ReturnType<typeof connectPglite>>;
let two: Awaited<ReturnType<typeof connectPglite>>;
beforeAll(async () => {
  [one, two] = await Promise.all([connectPglite(), connectPglite()]);
});
afterAll(() => Promise.all([one.close(), two.close()]));

describe('preparedStatement', () => {
  it('builds a statement once per database and runs it with new values each call', async () => {
    const built = vi.fn((db: typeof one.db) =>
      db
        .select({ doubled: sql<number>`${sql.placeholder('n')}::int * 2` })
        .from(sql`(select 1) as one`)
        .prepare('doubled'),
    );
    const doubled = preparedStatement(built);
    expect(doubled(one.db)).toBe(doubled(one.db));
    expect(built).toHaveBeenCalledTimes(1);
    expect(doubled(two.db)).not.toBe(doubled(one.db));
    expect(built).toHaveBeenCalledTimes(2);
    expect(await doubled(one.db).execute({ n: 21 })).toEqual([{ doubled: 42 }]);
    expect(await doubled(one.db).execute({ n: 5 })).toEqual([{ doubled: 10 }]);
  });
});

describe('preparedSql', () => {
  it("runs a hand-written statement and decodes its rows as the table's columns", async () => {
    const notes = pgTable('notes', {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
      body: text('body').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    });
    await one.db.execute(
      sql`create table notes (id integer primary key generated always as identity, amount_kobo bigint not null, body text not null, created_at timestamptz not null default now())`,
    );
    const twice = preparedSql(
      'notes_twice',
      notes,
      (columns) =>
        sql`with first as (insert into notes (amount_kobo, body) values (${sql.placeholder('kobo')}::bigint, ${sql.placeholder('body')}::text) returning ${columns}),
        second as (insert into notes (amount_kobo, body) select amount_kobo * 2, body || ' again' from first)
        select ${columns} from first`,
    );
    expect(twice(one.db)).toBe(twice(one.db));
    const [row] = await twice(one.db).execute({ kobo: 9_007_199_254_740, body: 'hello' });
    expect(row).toEqual({ id: 1, amountKobo: 9_007_199_254_740, body: 'hello', createdAt: expect.any(Date) });
    expect(await one.db.select().from(notes)).toHaveLength(2);

    const withExtra = preparedSql(
      'notes_with_extra',
      notes,
      (columns) =>
        sql`with added as (insert into notes (amount_kobo, body) values (7, 'extra') returning ${columns})
        select ${columns}, body || '!' as shout, id * 10 as tenfold from added`,
      ['shout', 'tenfold'],
    );
    const [extra] = await withExtra(one.db).execute();
    expect(extra).toEqual({
      id: 3,
      amountKobo: 7,
      body: 'extra',
      createdAt: expect.any(Date),
      shout: 'extra!',
      tenfold: 30,
    });
  });
});
