import { LOGIN_FAILED_MESSAGE, RESET_FAILED_MESSAGE, RESET_REQUEST_MESSAGE } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, DEFAULT_PASSWORD, login } from '../../../test/helpers/factories';
import { eventually } from '../../../test/helpers/payments';
import { listOutbox } from '../../platform/mail/mailer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Chidi',
  last_name: 'Okafor',
  email: 'Chidi@Example.com',
  phone_number: '0803 555 1234',
  password: 'lagos-water-1',
  password_confirmation: 'lagos-water-1',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates the account, normalises e-mail and phone, and answers a token', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { body: registration() });
    expect(res.status).toBe(201);
    expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.data.user).toMatchObject({
      first_name: 'Chidi',
      email: 'chidi@example.com',
      phone_number: '+2348035551234',
      role: 'customer',
      agent: null,
      referral_rewards: 0,
    });
    expect(res.body.data.user.referral_code).toMatch(/^[A-Z2-9]{8,9}$/);
    expect(res.body.data.user).not.toHaveProperty('password_hash');

    const me = await call(t, 'GET', '/api/users/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('chidi@example.com');
  });

  it.each([
    ['password123', 'This is a commonly used password.'],
    ['12345678', 'This is a heavily used password.'],
    ['aaaaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['chidi2026', ''],
  ])('refuses a common or guessable password (%s) on the password field, saying why', async (password, why) => {
    const res = await call(t, 'POST', '/api/auth/register', {
      body: registration({ email: `weak.${password}@example.com`, password, password_confirmation: password }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password[0]).toMatch(/^This password is too easy to guess\./);
    expect(res.body.errors.password[0]).toContain(why);
  });

  it('refuses a second account with the same e-mail in any case, on the email field', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { body: registration({ email: 'CHIDI@example.COM' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('names a weak password, a taken e-mail, a taken phone and a wrong referral code in one answer', async () => {
    const owner = await createUser(t, { phoneNumber: '+2348035552468' });
    const res = await call(t, 'POST', '/api/auth/register', {
      body: registration({
        email: owner.user.email,
        phone_number: '0803 555 2468',
        password: 'password123',
        password_confirmation: 'password123',
        referral_code: 'NOSUCHCODE',
      }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password', 'phone_number', 'referral_code']);
    expect(res.body.errors.password[0]).toMatch(/^This password is too easy to guess\./);
    expect(res.body.errors.email).toEqual(['The email has already been taken.']);
    expect(res.body.errors.phone_number).toEqual(['The phone number has already been taken.']);
    expect(res.body.errors.referral_code).toEqual(['The referral code is not valid.']);
  });

  it('reports every invalid field with its own message', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      body: {
        first_name: '',
        email: 'not-an-email',
        phone_number: '12345',
        password: 'short',
        password_confirmation: 'x',
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
      'phone_number',
    ]);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('checks the confirmation matches', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      body: registration({ email: 'other@example.com', password_confirmation: 'different-1' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password_confirmation).toEqual(['The password confirmation does not match.']);
  });

  it('links a valid referral code and rejects an unknown one on referral_code', async () => {
    const referrer = await createUser(t);
    const bad = await call(t, 'POST', '/api/auth/register', {
      body: registration({ email: 'ref1@example.com', phone_number: '08035550001', referral_code: 'NOPE1234' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.referral_code).toEqual(['The referral code is not valid.']);

    const good = await call(t, 'POST', '/api/auth/register', {
      body: registration({
        email: 'ref2@example.com',
        phone_number: '08035550002',
        referral_code: referrer.user.referralCode.toLowerCase(),
      }),
    });
    expect(good.status).toBe(201);
    const { findUserByEmail } = await import('../users/service');
    expect((await findUserByEmail(t.db, 'ref2@example.com'))?.referredById).toBe(referrer.user.id);
  });

  it('stores the password with argon2id, never in clear', async () => {
    const { findUserByEmail } = await import('../users/service');
    const row = await findUserByEmail(t.db, 'chidi@example.com');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('lagos-water-1');
  });
});

describe('POST /api/auth/login and logout', () => {
  it('signs in with the right password, case-insensitively on e-mail', async () => {
    const res = await call(t, 'POST', '/api/auth/login', {
      body: { email: 'CHIDI@example.com', password: 'lagos-water-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('chidi@example.com');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await call(t, 'POST', '/api/auth/login', {
      body: { email: 'chidi@example.com', password: 'nope-nope-1' },
    });
    const unknown = await call(t, 'POST', '/api/auth/login', {
      body: { email: 'ghost@example.com', password: 'nope-nope-1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: LOGIN_FAILED_MESSAGE });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('revokes the token on logout', async () => {
    const actor = await createUser(t);
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/logout', { token: actor.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(401);
  });

  it('answers 401 for missing, malformed and made-up tokens', async () => {
    expect((await call(t, 'GET', '/api/users/me')).status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me', { token: 'short' })).status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const actor = await createUser(t);
    const { authTokens } = await import('./schema');
    const rows = await t.db.select().from(authTokens);
    expect(rows.some((row) => row.tokenHash === actor.token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });
});

const resetLinkIn = async (to: string) => {
  const message = (await listOutbox(t.db)).find((m) => m.to === to);
  const match = message?.text.match(/\/auth\/change-password\?token=([A-Za-z0-9_%-]+)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
};
// The e-mail is sent after the reply.
const latestResetLink = (to: string) => eventually(() => resetLinkIn(to));

describe('password reset', () => {
  it('answers the same neutral message whether or not the account exists', async () => {
    const actor = await createUser(t);
    const unknown = await call(t, 'POST', '/api/auth/password/request/reset', {
      body: { email: 'nobody@example.com' },
    });
    const known = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_REQUEST_MESSAGE, data: null });
    expect(unknown.body).toEqual(known.body);
    expect(await latestResetLink(actor.user.email)).toBeTruthy();
    // The unknown address was looked up first, so its (empty) work is over too.
    expect(await resetLinkIn('nobody@example.com')).toBeUndefined();
  });

  it('sets the new password once, revokes every session, and refuses reuse', async () => {
    const actor = await createUser(t);
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    const token = (await latestResetLink(actor.user.email))!;
    expect(token).toBeTruthy();

    const mismatch = await call(t, 'POST', '/api/auth/password/reset', {
      body: { token, new_password: 'brand-new-pass-1', confirm_password: 'different-pass-1' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.confirm_password).toEqual(['Passwords do not match']);

    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { token, new_password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);
    const signedOut = await call(t, 'GET', '/api/users/me', { token: actor.token });
    expect(signedOut.status).toBe(401);
    // The device still holding the old session is told why it ended.
    expect(signedOut.body).toMatchObject({
      code: 'session_revoked',
      message: expect.stringContaining('your password was changed'),
    });

    const oldLogin = await call(t, 'POST', '/api/auth/login', {
      body: { email: actor.user.email, password: DEFAULT_PASSWORD },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(t, 'POST', '/api/auth/login', {
      body: { email: actor.user.email, password: 'brand-new-pass-1' },
    });
    expect(newLogin.status).toBe(200);

    const again = await call(t, 'POST', '/api/auth/password/reset', {
      body: { token, new_password: 'another-pass-1', confirm_password: 'another-pass-1' },
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(RESET_FAILED_MESSAGE);
  });

  it('refuses an expired token', async () => {
    const actor = await createUser(t);
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    const token = (await latestResetLink(actor.user.email))!;
    const { passwordResets } = await import('./schema');
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await call(t, 'POST', '/api/auth/password/reset', {
      body: { token, new_password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(RESET_FAILED_MESSAGE);
  });
});

describe('sessions', () => {
  it('throttles login per account across addresses and per address across accounts, with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '4', RATE_LIMIT_AUTH_PER_EMAIL: '3' });
    try {
      const attempt = (email: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email, password: 'wrong-password-1' },
        });
      const perAccount = [];
      for (let i = 0; i < 4; i++) perAccount.push(await attempt('target@example.com', `10.0.0.${i + 1}`));
      expect(perAccount.map((res) => res.statusCode)).toEqual([401, 401, 401, 429]);
      expect(Number(perAccount[3]!.headers['retry-after'])).toBeGreaterThan(0);

      const perAddress = [];
      for (let i = 0; i < 5; i++) perAddress.push(await attempt(`someone${i}@example.com`, '10.0.1.1'));
      expect(perAddress.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 429]);
      expect(Number(perAddress[4]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(perAddress[4]!.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
    } finally {
      await limited.close();
    }
  });

  it('a password change ends every other session, keeps this one, and needs the current password', async () => {
    const actor = await createUser(t);
    const otherDevice = await login(t, actor.user.email, actor.password);
    const change = (body: object) => call(t, 'POST', '/api/auth/password/change', { token: actor.token, body });

    const wrong = await change({
      current_password: 'not-it-at-all',
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is not correct.']);
    const weak = await change({
      current_password: actor.password,
      new_password: 'password1',
      confirm_password: 'password1',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.new_password[0]).toMatch(/^This password is too easy to guess\./);
    expect((await call(t, 'GET', '/api/users/me', { token: otherDevice })).status).toBe(200);

    const changed = await change({
      current_password: actor.password,
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(changed.status).toBe(200);
    expect((await call(t, 'GET', '/api/users/me', { token: otherDevice })).status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(200);
    expect(
      (await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: actor.password } }))
        .status,
    ).toBe(401);
    expect(
      (await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: 'brand-new-pass-1' } }))
        .status,
    ).toBe(200);
  });

  it('suspension ends every session of the account at once', async () => {
    const admin = await createAdmin(t);
    const actor = await createUser(t);
    const phone = await login(t, actor.user.email, actor.password);
    const suspend = await call(t, 'POST', '/api/admin/customers/suspend', {
      token: admin.token,
      body: { id: actor.user.id },
    });
    expect(suspend.status).toBe(200);
    const { authTokens } = await import('./schema');
    const { eq } = await import('drizzle-orm');
    const rows = await t.db.select().from(authTokens).where(eq(authTokens.userId, actor.user.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    // Reactivating does not bring old sessions back.
    await call(t, 'POST', '/api/admin/customers/reactivate', { token: admin.token, body: { id: actor.user.id } });
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me', { token: phone })).status).toBe(401);
  });

  it('a reset token works once even when two requests race with it', async () => {
    const actor = await createUser(t);
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    const token = await latestResetLink(actor.user.email);
    const body = { token, new_password: 'raced-pass-123', confirm_password: 'raced-pass-123' };
    const answers = await Promise.all([1, 2, 3].map(() => call(t, 'POST', '/api/auth/password/reset', { body })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422, 422]);
  });
});
