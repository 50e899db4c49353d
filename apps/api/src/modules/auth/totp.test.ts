import { eq } from 'drizzle-orm';
import { TOTP, URI } from 'otpauth';
import { SUSPENDED_MESSAGE, TWO_FACTOR_CHALLENGE_EXPIRED, TWO_FACTOR_CODE_INVALID } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { loginChallenges, twoFactor, twoFactorRecoveryCodes } from './schema';
import { hashToken } from './tokens';
import { MAX_CHALLENGE_ATTEMPTS } from './two-factor';

let t: TestApp;
beforeAll(async () => {
  // Every test signs in several times from one address; the limits get their own app below.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

/** What an authenticator app would show, computed from the otpauth URL the API gave. */
const codeFrom = (otpauthUrl: string, offsetSeconds = 0) =>
  (URI.parse(otpauthUrl) as TOTP).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** An admin with two-factor sign-in on; the setup's code uses the current 30-second step. */
async function enrolledAdmin(app: TestApp = t) {
  const admin = await createAdmin(app);
  const setup = await call(app, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
  expect(setup.status).toBe(200);
  const url: string = setup.body.data.otpauth_url;
  const enrolCode = codeFrom(url);
  const confirm = await call(app, 'POST', '/api/auth/two-factor/confirm', {
    token: admin.token,
    body: { code: enrolCode },
  });
  expect(confirm.status).toBe(200);
  return { admin, url, enrolCode, recoveryCodes: confirm.body.data.recovery_codes as string[] };
}

const passwordStep = (app: TestApp, actor: Actor) =>
  call(app, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: actor.password } });
const codeStep = (app: TestApp, challenge: string, code: string) =>
  call(app, 'POST', '/api/auth/login/two-factor', { body: { challenge_token: challenge, code } });

describe('setting up two-factor sign-in', () => {
  it('gives an otpauth URL, secret and QR code, turns on with a valid code, and never shows the secret again', async () => {
    const admin = await createAdmin(t);
    expect((await call(t, 'GET', '/api/auth/two-factor', { token: admin.token })).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });

    const first = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    const setup = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    expect(setup.status).toBe(200);
    const { otpauth_url: url, secret, qr_code: qr } = setup.body.data;
    expect(first.body.data.secret).not.toBe(secret); // starting again replaces an unconfirmed secret
    const parsed = URI.parse(url) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({ issuer: 'Ruwa', label: admin.user.email, digits: 6, period: 30, algorithm: 'SHA1' });
    expect(parsed.secret.base32).toBe(secret);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until confirmed: the password alone still signs in.
    expect((await passwordStep(t, admin)).body.data.access_token).toBeTruthy();

    const wrong = await call(t, 'POST', '/api/auth/two-factor/confirm', {
      token: admin.token,
      body: { code: codeFrom(first.body.data.otpauth_url) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([TWO_FACTOR_CODE_INVALID]);
    const malformed = await call(t, 'POST', '/api/auth/two-factor/confirm', {
      token: admin.token,
      body: { code: '12ab' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toBeDefined();

    const confirm = await call(t, 'POST', '/api/auth/two-factor/confirm', {
      token: admin.token,
      body: { code: codeFrom(url) },
    });
    expect(confirm.status).toBe(200);
    const codes: string[] = confirm.body.data.recovery_codes;
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    codes.forEach((code) => expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/));

    const status = await call(t, 'GET', '/api/auth/two-factor', { token: admin.token });
    expect(status.body.data).toEqual({ enabled: true, recovery_codes_left: 8 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    const again = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(secret);
    expect(
      (await call(t, 'POST', '/api/auth/two-factor/confirm', { token: admin.token, body: { code: codeFrom(url, 30) } }))
        .status,
    ).toBe(409);

    const stored = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, admin.user.id));
    expect(stored).toHaveLength(8);
    expect(stored.some((row) => codes.includes(row.codeHash))).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
  });

  it('is for admins only: customers get 403, anonymous callers 401', async () => {
    const customer = await createUser(t);
    for (const [method, url] of [
      ['GET', '/api/auth/two-factor'],
      ['POST', '/api/auth/two-factor/setup'],
      ['POST', '/api/auth/two-factor/confirm'],
      ['POST', '/api/auth/two-factor/disable'],
    ] as const) {
      expect(
        (
          await call(t, method, url, {
            token: customer.token,
            body: method === 'POST' ? { code: '123456' } : undefined,
          })
        ).status,
        url,
      ).toBe(403);
      expect((await call(t, method, url)).status, url).toBe(401);
    }
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, customer.user.id))).toEqual([]);
  });
});

describe('signing in with two-factor on', () => {
  it('answers a challenge instead of a session, and the right code gives the session once', async () => {
    const { admin, url } = await enrolledAdmin();
    const step1 = await passwordStep(t, admin);
    expect(step1.status).toBe(200);
    expect(step1.body.data).not.toHaveProperty('access_token');
    expect(step1.body.data).not.toHaveProperty('user');
    const challenge: string = step1.body.data.challenge_token;
    expect(step1.body.data.two_factor_required).toBe(true);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(new Date(step1.body.data.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const rows = await t.db.select().from(loginChallenges).where(eq(loginChallenges.userId, admin.user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(challenge)]);

    // The challenge is not a session.
    expect((await call(t, 'GET', '/api/users/me', { token: challenge })).status).toBe(401);

    const step2 = await codeStep(t, challenge, codeFrom(url, 30));
    expect(step2.status).toBe(200);
    expect(step2.body.data.user).toMatchObject({ id: admin.user.id, role: 'admin' });
    expect((await call(t, 'GET', '/api/admin/settings', { token: step2.body.data.access_token })).status).toBe(200);

    const reused = await codeStep(t, challenge, codeFrom(url, 30));
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
  });

  it('refuses a code that was already used, even on a new challenge', async () => {
    const { admin, url, enrolCode } = await enrolledAdmin();
    const code = codeFrom(url, 30);
    const first = await passwordStep(t, admin);
    expect((await codeStep(t, first.body.data.challenge_token, code)).status).toBe(200);

    const second = await passwordStep(t, admin);
    const replay = await codeStep(t, second.body.data.challenge_token, code);
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code).toEqual([TWO_FACTOR_CODE_INVALID]);
    // An older step is refused as well: the code that turned it on.
    expect((await codeStep(t, second.body.data.challenge_token, enrolCode)).status).toBe(422);
  });

  it('counts wrong codes: after five the challenge is dead, even for the right code', async () => {
    const { admin, url } = await enrolledAdmin();
    const challenge = (await passwordStep(t, admin)).body.data.challenge_token;
    const right = codeFrom(url, 30);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
      const res = await codeStep(t, challenge, wrong);
      expect(res.status).toBe(422);
      expect(res.body.errors.code).toEqual([TWO_FACTOR_CODE_INVALID]);
    }
    const [row] = await t.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
    expect(row?.failedAttempts).toBe(MAX_CHALLENGE_ATTEMPTS);
    const late = await codeStep(t, challenge, right);
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
    expect(late.body).not.toHaveProperty('data');
  });

  it('refuses an expired challenge and an unknown one', async () => {
    const { admin, url } = await enrolledAdmin();
    const challenge = (await passwordStep(t, admin)).body.data.challenge_token;
    await t.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
    const expired = await codeStep(t, challenge, codeFrom(url, 30));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
    expect((await codeStep(t, 'x'.repeat(43), codeFrom(url, 30))).status).toBe(401);
  });

  it('accepts each recovery code once, in place of a code', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const recovery = recoveryCodes[0]!;
    const first = await codeStep(t, (await passwordStep(t, admin)).body.data.challenge_token, recovery.toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body.data.access_token).toBeTruthy();
    const again = await codeStep(t, (await passwordStep(t, admin)).body.data.challenge_token, recovery);
    expect(again.status).toBe(422);
    expect(
      (await call(t, 'GET', '/api/auth/two-factor', { token: first.body.data.access_token })).body.data
        .recovery_codes_left,
    ).toBe(7);
  });

  it('stops a suspended admin at the code step', async () => {
    const { admin, url } = await enrolledAdmin();
    const challenge = (await passwordStep(t, admin)).body.data.challenge_token;
    const other = await createAdmin(t);
    const { setStatus } = await import('../users/service');
    await setStatus(t.db, admin.user.id, 'suspended');
    const res = await codeStep(t, challenge, codeFrom(url, 30));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SUSPENDED_MESSAGE);
    expect(other.user.id).not.toBe(admin.user.id);
  });

  it('leaves customers’ sign-in as it was: one step, a session straight away', async () => {
    const customer = await createUser(t);
    const res = await passwordStep(t, customer);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'expires_at', 'token_type', 'user']);
    expect(await t.db.select().from(loginChallenges).where(eq(loginChallenges.userId, customer.user.id))).toEqual([]);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs a current code or the password; afterwards the password alone signs in', async () => {
    const { admin, url, enrolCode } = await enrolledAdmin();
    const disable = (body: object) => call(t, 'POST', '/api/auth/two-factor/disable', { token: admin.token, body });

    const none = await disable({});
    expect(none.status).toBe(422);
    expect(none.body.errors.code).toBeDefined();
    const badPassword = await disable({ password: 'not-my-password' });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors.password).toEqual(['The password is not correct.']);
    // The code that turned it on was used up already.
    expect((await disable({ code: enrolCode })).status).toBe(422);
    expect((await call(t, 'GET', '/api/auth/two-factor', { token: admin.token })).body.data.enabled).toBe(true);

    const off = await disable({ code: codeFrom(url, 30) });
    expect(off.status).toBe(200);
    expect((await call(t, 'GET', '/api/auth/two-factor', { token: admin.token })).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, admin.user.id)),
    ).toEqual([]);
    expect((await passwordStep(t, admin)).body.data.access_token).toBeTruthy();
    expect((await disable({ password: admin.password })).status).toBe(409);
  });

  it('turns off with the password too, and the audit log records both changes', async () => {
    const { admin } = await enrolledAdmin();
    expect(
      (
        await call(t, 'POST', '/api/auth/two-factor/disable', {
          token: admin.token,
          body: { password: admin.password },
        })
      ).status,
    ).toBe(200);
    const log = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { per_page: 100 } });
    const mine = log.body.data.data
      .filter((e: { actor_id: number }) => e.actor_id === admin.user.id)
      .map((e: { action: string }) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['two_factor.enabled', 'two_factor.disabled']));
  });
});

describe('rate limits on the code step', () => {
  it('answers 429 with Retry-After once a challenge has had its per-window share of tries', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_EMAIL: '3', RATE_LIMIT_AUTH_PER_IP: '100' });
    try {
      const { admin, url } = await enrolledAdmin(limited);
      const challenge = (await passwordStep(limited, admin)).body.data.challenge_token;
      const wrong = codeFrom(url, 30) === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await codeStep(limited, challenge, wrong));
      expect(answers.map((res) => res.status)).toEqual([422, 422, 422, 429]);
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

// PGlite runs every statement in one session, so parallel requests never overlap there.
describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: parallel codes on one challenge', () => {
  it('judges five of nine wrong codes sent at once, never more; the rest find the challenge dead', async () => {
    // The per-challenge rate limit stays out of the way: the claim on the row is what is proven.
    const roomy = await createTestApp({ RATE_LIMIT_AUTH_PER_EMAIL: '100', RATE_LIMIT_AUTH_PER_IP: '1000' });
    try {
      const { admin, url } = await enrolledAdmin(roomy);
      const challenge = (await passwordStep(roomy, admin)).body.data.challenge_token;
      const wrong = codeFrom(url, 30) === '000000' ? '111111' : '000000';
      const answers = await Promise.all(Array.from({ length: 9 }, () => codeStep(roomy, challenge, wrong)));
      const judged = answers.filter((res) => res.status === 422);
      const refused = answers.filter((res) => res.status !== 422);
      expect(judged).toHaveLength(MAX_CHALLENGE_ATTEMPTS);
      judged.forEach((res) => expect(res.body.errors.code).toEqual([TWO_FACTOR_CODE_INVALID]));
      expect(refused.map((res) => [res.status, res.body.message])).toEqual(
        refused.map(() => [401, TWO_FACTOR_CHALLENGE_EXPIRED]),
      );
      const [row] = await roomy.db
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
      expect(row?.failedAttempts).toBe(MAX_CHALLENGE_ATTEMPTS);
    } finally {
      await roomy.close();
    }
  });
});
