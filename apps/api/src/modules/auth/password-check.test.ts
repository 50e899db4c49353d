import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: '1000',
    RATE_LIMIT_AUTH_PER_EMAIL: '1000',
    RATE_LIMIT_PASSWORD_PER_ACCOUNT: '5',
    // The address's budget is exercised by its own app below; here every account shares 127.0.0.1.
    RATE_LIMIT_PASSWORD_PER_IP: '1000',
  });
});
afterAll(() => t.close());

const WRONG = 'not-my-password-1';

async function enrolledAdmin(): Promise<Actor> {
  const admin = await createAdmin(t);
  const setup = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
  const code = (URI.parse(setup.body.data.otpauth_url) as TOTP).generate();
  expect((await call(t, 'POST', '/api/auth/two-factor/confirm', { token: admin.token, body: { code } })).status).toBe(
    200,
  );
  return admin;
}

/** Each route that asks a signed-in user for the account password, sent `password`. */
const passwordRoutes = {
  'setting the wallet PIN': (actor: Actor, password: string) =>
    call(t, 'POST', '/api/wallet/pin', { token: actor.token, body: { pin: '2468', password } }),
  'resetting the wallet PIN': (actor: Actor, password: string) =>
    call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { token: 'a-link-token-from-the-mail', pin: '2468', password },
    }),
  'changing the password': (actor: Actor, password: string) =>
    call(t, 'POST', '/api/auth/password/change', {
      token: actor.token,
      body: {
        current_password: password,
        new_password: 'a-new-long-secret-42',
        confirm_password: 'a-new-long-secret-42',
      },
    }),
  'turning two-factor off': (actor: Actor, password: string) =>
    call(t, 'POST', '/api/auth/two-factor/disable', { token: actor.token, body: { password } }),
};
const needsTwoFactor = (name: string) => name === 'turning two-factor off';

describe('password checks outside sign-in', () => {
  for (const [name, send] of Object.entries(passwordRoutes)) {
    it(`${name}: five wrong passwords, then 429 without checking, even for the right one`, async () => {
      const actor = needsTwoFactor(name) ? await enrolledAdmin() : await createUser(t);
      for (let i = 0; i < 5; i++) {
        const res = await send(actor, WRONG);
        expect(res.status, JSON.stringify(res.body)).toBe(422);
      }
      const limited = await send(actor, WRONG);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many password attempts\. Try again in 15 minutes\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // The right password is refused too: the budget is spent before anything is compared.
      expect((await send(actor, actor.password)).status).toBe(429);
    });
  }

  it('is one budget per account across every route', async () => {
    const admin = await enrolledAdmin();
    expect((await passwordRoutes['setting the wallet PIN'](admin, WRONG)).status).toBe(422);
    expect((await passwordRoutes['changing the password'](admin, WRONG)).status).toBe(422);
    expect((await passwordRoutes['turning two-factor off'](admin, WRONG)).status).toBe(422);
    expect((await passwordRoutes['resetting the wallet PIN'](admin, WRONG)).status).toBe(422);
    expect((await passwordRoutes['setting the wallet PIN'](admin, WRONG)).status).toBe(422);
    expect((await passwordRoutes['turning two-factor off'](admin, admin.password)).status).toBe(429);
    // Another account is not affected.
    const other = await createUser(t);
    expect((await passwordRoutes['setting the wallet PIN'](other, other.password)).status).toBe(200);
  });

  it('lets no more than the limit through when the guesses arrive at once', async () => {
    const actor = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => passwordRoutes['setting the wallet PIN'](actor, WRONG)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('still accepts the right password within the limit', async () => {
    const actor = await createUser(t);
    expect((await passwordRoutes['setting the wallet PIN'](actor, WRONG)).status).toBe(422);
    const res = await passwordRoutes['setting the wallet PIN'](actor, actor.password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pin_set).toBe(true);
  });
});

describe('the per-address budget', () => {
  it('stops one client address guessing across many accounts, and not another address', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_AUTH_PER_IP: '1000',
      RATE_LIMIT_PASSWORD_PER_ACCOUNT: '5',
      RATE_LIMIT_PASSWORD_PER_IP: '4',
    });
    try {
      const setPin = async (actor: Actor, remoteAddress: string) => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/wallet/pin',
          remoteAddress,
          headers: { authorization: `Bearer ${actor.token}` },
          payload: { pin: '2468', password: WRONG },
        });
        return { status: res.statusCode, body: res.json() };
      };
      const accounts = await Promise.all(Array.from({ length: 5 }, () => createUser(limited)));
      for (const actor of accounts.slice(0, 4)) expect((await setPin(actor, '203.0.113.7')).status).toBe(422);
      const fifth = await setPin(accounts[4]!, '203.0.113.7');
      expect(fifth.status).toBe(429);
      expect(fifth.body.message).toMatch(/Too many password attempts/);
      expect((await setPin(accounts[4]!, '198.51.100.9')).status).toBe(422);
    } finally {
      await limited.close();
    }
  });
});
