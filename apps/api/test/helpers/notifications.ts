import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { TestApp } from './app';

/**
 * Every notification sent so far on `channel` has reached this instance: they arrive in order, so
 * once one sent now is heard, the earlier ones (from the writes that set a test up) were too.
 */
export async function notificationsHeard(t: TestApp, channel: string) {
  const mark = `heard-${Date.now()}`;
  let heard = false;
  const stop = await t.ctx.database.listen(channel, (payload) => void (heard ||= payload === mark));
  await t.db.execute(sql`select pg_notify(${channel}, ${mark})`);
  await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5_000, interval: 10 });
  await stop();
}
