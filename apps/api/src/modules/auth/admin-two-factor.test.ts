import { URI, type TOTP } from 'otpauth';
import { API_ERROR_CODES } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../lib/config';
import type { MailMessage } from '../../platform/mail/mailer';
import { createTestApp, LIVE_PRODUCTION_ENV, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser } from '../../../test/helpers/factories';
import { POLICIES } from '../../../test/helpers/policies';
import { TWO_FACTOR_REQUIRED_MESSAGE } from './guards';

/** What an admin without two-factor sign-in may still reach where it is required: how to set it up. */
const BEFORE_TWO_FACTOR = [
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/confirm',
  'GET /api/users/me',
  'POST /api/auth/logout',
];

const request = (app: TestApp, route: string, token: string) => {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  return call(app, method, url, { token, body: method === 'POST' ? {} : undefined });
};

describe('ADMIN_TWO_FACTOR', () => {
  it('is required in production and optional elsewhere unless set, and refuses other values', () => {
    expect(loadConfig(LIVE_PRODUCTION_ENV).ADMIN_TWO_FACTOR).toBe('required');
    expect(loadConfig({ ...LIVE_PRODUCTION_ENV, ADMIN_TWO_FACTOR: 'optional' }).ADMIN_TWO_FACTOR).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'development' }).ADMIN_TWO_FACTOR).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_TWO_FACTOR: 'required' }).ADMIN_TWO_FACTOR).toBe('required');
    expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'sometimes' })).toThrow(/^Invalid configuration: ADMIN_TWO_FACTOR /);
  });
});

describe('in production, an admin without two-factor sign-in', () => {
  let t: TestApp;
  const mail: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp(LIVE_PRODUCTION_ENV);
    // Production mails through SMTP, which a test cannot reach: what would be sent is kept here.
    t.ctx.mailer.send = async (message) => void mail.push(message);
  });
  afterAll(() => t.close());

  it('is refused on every other route with 403 two_factor_required, and the session stays', async () => {
    const admin = await createAdmin(t);
    const refused = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TWO_FACTOR_REQUIRED_MESSAGE, code: API_ERROR_CODES.twoFactorRequired });

    const signedIn = Object.entries(POLICIES)
      .filter(([route, policy]) => (policy === 'admin' || policy === 'user') && !BEFORE_TWO_FACTOR.includes(route))
      .map(([route]) => route);
    expect(signedIn.length).toBeGreaterThan(50);
    for (const route of signedIn) {
      const res = await request(t, route, admin.token);
      expect([res.status, res.body.code], route).toEqual([403, API_ERROR_CODES.twoFactorRequired]);
    }
    const me = await call(t, 'GET', '/api/users/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: admin.user.id, role: 'admin' });
  });

  it('can set it up, and the same session then reaches the admin routes', async () => {
    const admin = await createAdmin(t);
    expect((await call(t, 'GET', '/api/auth/two-factor', { token: admin.token })).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    expect(setup.status).toBe(200);
    const code = (URI.parse(setup.body.data.otpauth_url) as TOTP).generate();
    const confirm = await call(t, 'POST', '/api/auth/two-factor/confirm', { token: admin.token, body: { code } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data.recovery_codes).toHaveLength(8);

    const settings = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(settings.status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/orders', { token: admin.token })).status).toBe(200);
  });

  it('can sign out; customers are not affected', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/wallet/me', { token: customer.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/settings', { token: customer.token })).status).toBe(403);

    const admin = await createAdmin(t);
    expect((await call(t, 'POST', '/api/auth/logout', { token: admin.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/users/me', { token: admin.token })).status).toBe(401);
  });
});

describe('with ADMIN_TWO_FACTOR=optional', () => {
  it('an admin without two-factor sign-in reaches the admin routes', async () => {
    const t = await createTestApp({ ADMIN_TWO_FACTOR: 'optional' });
    try {
      const admin = await createAdmin(t);
      expect((await call(t, 'GET', '/api/admin/settings', { token: admin.token })).status).toBe(200);
      expect((await call(t, 'GET', '/api/wallet/me', { token: admin.token })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
