import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser } from '../../../test/helpers/factories';
import { PURGE_TOKENS_JOB } from '../../modules/auth/jobs';
import { authTokens } from '../../modules/auth/schema';
import { inProcessQueue, pgBossQueue, type JobQueue } from './queue';

const silent = { error: () => undefined, info: () => undefined };

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('job queue', () => {
  it('runs sent jobs with their data on the queue this database uses', async () => {
    // Polling each second, so a job sent after the worker's first look is seen within the wait.
    const queue: JobQueue = t.ctx.database.pool
      ? pgBossQueue(t.ctx.database.pool, silent, { pollingSeconds: 1 })
      : inProcessQueue(silent);
    let seen: Record<string, unknown> | undefined;
    queue.work('test.echo', async (data) => {
      seen = data;
    });
    await queue.start();
    try {
      await queue.send('test.echo', { order: 42 });
      expect(await waitFor(() => seen)).toEqual({ order: 42 });
    } finally {
      await queue.stop();
    }
  });

  it('the token purge job removes revoked and expired tokens but keeps live ones', async () => {
    const live = await createUser(t);
    const gone = await createUser(t);
    await call(t, 'POST', '/api/auth/logout', { token: gone.token });
    // Logged out more than a day ago, as far as the purge can tell.
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(authTokens)
      .set({ revokedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(authTokens.userId, gone.user.id));

    const queue = inProcessQueue(silent);
    let done = false;
    const { purgeDeadTokens } = await import('../../modules/auth/service');
    queue.work(PURGE_TOKENS_JOB, async () => {
      await purgeDeadTokens(t.ctx);
      done = true;
    });
    await queue.start();
    await queue.send(PURGE_TOKENS_JOB);
    await waitFor(() => (done ? true : undefined));
    await queue.stop();

    const rows = await t.db.select().from(authTokens);
    expect(rows.some((row) => row.userId === gone.user.id)).toBe(false);
    expect((await call(t, 'GET', '/api/users/me', { token: live.token })).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('pg-boss on PostgreSQL', () => {
  it("a job sent from this instance runs here at once, not at its worker's next poll", async () => {
    // A minute between polls: the worker looks once as it starts, then only when woken.
    const queue = pgBossQueue(t.ctx.database.pool!, silent, { pollingSeconds: 60 });
    let seen: Record<string, unknown> | undefined;
    queue.work('test.woken', async (data) => {
      seen = data;
    });
    await queue.start();
    try {
      await queue.send('test.woken', { sign_in: 7 });
      expect(await waitFor(() => seen, 10_000)).toEqual({ sign_in: 7 });
    } finally {
      await queue.stop();
    }
  });

  it('instances starting at the same moment set up the same queues without a deadlock', async () => {
    const pool = t.ctx.database.pool!;
    const names = Array.from({ length: 8 }, (_, i) => `race.q${i}`);
    const instances = Array.from({ length: 4 }, () => {
      const queue = pgBossQueue(pool, silent);
      for (const name of names) {
        queue.work(name, async () => undefined);
        queue.every(name, 60);
      }
      return queue;
    });
    try {
      const started = await Promise.allSettled(instances.map((queue) => queue.start()));
      expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.allSettled(instances.map((queue) => queue.stop()));
    }
  });
});
