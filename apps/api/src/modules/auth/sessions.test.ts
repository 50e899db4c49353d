import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { notificationsHeard as heard } from '../../../test/helpers/notifications';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { authTokens } from './schema';
import { SESSIONS_CHANNEL } from './sessions';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const notificationsHeard = () => heard(t, SESSIONS_CHANNEL);

const me = (actor: Actor) => call(t, 'GET', '/api/users/me', { token: actor.token });

describe('the sessions signed-in requests read', () => {
  it('are kept until a user or a token changes, straight in the database or through another instance', async () => {
    const customer = await createUser(t);
    await notificationsHeard();
    expect((await me(customer)).status).toBe(200);

    // Revoked behind the triggers' back, the session read before still works: requests read it
    // from memory, not from the database.
    await t.db.execute(sql`alter table auth_tokens disable trigger auth_tokens_sessions_changed`);
    await t.db.execute(sql`update auth_tokens set revoked_at = now() where user_id = ${customer.user.id}`);
    await t.db.execute(sql`alter table auth_tokens enable trigger auth_tokens_sessions_changed`);
    expect((await me(customer)).status).toBe(200);

    // Any change to a user or a token, as another instance would make it, reaches this one.
    await t.db.execute(sql`update users set first_name = first_name where id = ${admin.user.id}`);
    await vi.waitFor(async () => expect((await me(customer)).status).toBe(401), { timeout: 5_000, interval: 20 });
  });

  it('end at once when this instance signs one out or suspends its user', async () => {
    const [leaving, suspended] = [await createUser(t), await createUser(t)];
    await notificationsHeard();
    expect((await me(leaving)).status).toBe(200);
    expect((await me(suspended)).status).toBe(200);

    // With the triggers off no notification comes: the instance forgets because it made the change.
    const triggers = (state: 'enable' | 'disable') =>
      Promise.all([
        t.db.execute(sql.raw(`alter table auth_tokens ${state} trigger auth_tokens_sessions_changed`)),
        t.db.execute(sql.raw(`alter table users ${state} trigger users_sessions_changed`)),
      ]);
    await triggers('disable');
    try {
      expect((await call(t, 'POST', '/api/auth/logout', { token: leaving.token })).status).toBe(200);
      expect((await me(leaving)).status).toBe(401);

      const res = await call(t, 'POST', '/api/admin/customers/suspend', {
        token: admin.token,
        body: { id: suspended.user.id },
      });
      expect(res.status).toBe(200);
      const refused = await me(suspended);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('account_suspended');
    } finally {
      await triggers('enable');
    }
  });

  it('end when their token expires, kept or not', async () => {
    const customer = await createUser(t);
    const expiresAt = new Date(Date.now() + 60_000);
    await t.db.update(authTokens).set({ expiresAt }).where(eq(authTokens.userId, customer.user.id));
    await notificationsHeard();
    // Read from the database and kept, then given from memory.
    expect((await me(customer)).status).toBe(200);
    expect((await me(customer)).status).toBe(200);
    // Only the clock the expiry is read by moves on: timers stay real for the database and HTTP.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expiresAt.getTime() - 1_000);
      expect((await me(customer)).status).toBe(200);
      vi.setSystemTime(expiresAt.getTime() + 1_000);
      const expired = await me(customer);
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe('session_expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
