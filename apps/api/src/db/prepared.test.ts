import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { connectPglite } from './client';
import { preparedStatement } from './prepared';

describe('preparedStatement', () => {
  it('builds a statement once per database and runs it with new values each call', async () => {
    const [one, two] = await Promise.all([connectPglite(), connectPglite()]);
    try {
      const built = vi.fn((db: typeof one.db) => db.select({ doubled: sql<number>`${sql.placeholder('n')}::int * 2` }).from(sql`(select 1) as one`).prepare('doubled'));
      const doubled = preparedStatement(built);
      expect(doubled(one.db)).toBe(doubled(one.db));
      expect(built).toHaveBeenCalledTimes(1);
      expect(doubled(two.db)).not.toBe(doubled(one.db));
      expect(built).toHaveBeenCalledTimes(2);
      expect(await doubled(one.db).execute({ n: 21 })).toEqual([{ doubled: 42 }]);
      expect(await doubled(one.db).execute({ n: 5 })).toEqual([{ doubled: 10 }]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
