import { LOGIN_FAILED_MESSAGE, RESET_FAILED_MESSAGE, RESET_REQUEST_MESSAGE } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, DEFAULT_PASSWORD } from '../../../test/helpers/factories';
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

  it('refuses a second account with the same e-mail in any case, on the email field', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { body: registration({ email: 'CHIDI@example.COM' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('reports every invalid field with its own message', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      body: { first_name: '', email: 'not-an-email', phone_number: '12345', password: 'short', password_confirmation: 'x' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'phone_number']);
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
      body: registration({ email: 'ref1@example.com', referral_code: 'NOPE1234' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.referral_code).toEqual(['The referral code is not valid.']);

    const good = await call(t, 'POST', '/api/auth/register', {
      body: registration({ email: 'ref2@example.com', referral_code: referrer.user.referralCode.toLowerCase() }),
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
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'CHIDI@example.com', password: 'lagos-water-1' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('chidi@example.com');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await call(t, 'POST', '/api/auth/login', { body: { email: 'chidi@example.com', password: 'nope-nope-1' } });
    const unknown = await call(t, 'POST', '/api/auth/login', { body: { email: 'ghost@example.com', password: 'nope-nope-1' } });
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

describe('password reset', () => {
  const latestResetLink = async (to: string) => {
    const message = (await listOutbox(t.db)).find((m) => m.to === to);
    const match = message?.text.match(/\/auth\/change-password\?token=([A-Za-z0-9_%-]+)/);
    return match ? decodeURIComponent(match[1]!) : null;
  };

  it('answers the same neutral message whether or not the account exists', async () => {
    const actor = await createUser(t);
    const known = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    const unknown = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_REQUEST_MESSAGE, data: null });
    expect(unknown.body).toEqual(known.body);
    expect(await latestResetLink('nobody@example.com')).toBeNull();
    expect(await latestResetLink(actor.user.email)).toBeTruthy();
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
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(401);

    const oldLogin = await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: DEFAULT_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: 'brand-new-pass-1' } });
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
