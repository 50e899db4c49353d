import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../platform/mail/mailer';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { describeDevice } from './sign-in-alerts';

const TITLE = 'New sign-in to your admin account';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_EMAIL: '100' });
});
afterAll(() => t.close());

/** A sign-in from a browser (User-Agent) and client address of the test's choosing. */
async function signInFrom(actor: Actor, userAgent: string, address: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: actor.user.email, password: actor.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { access_token?: string; challenge_token?: string };
}

/** The alerts this actor has had, in the app and by e-mail (sent before the sign-in answers). */
async function alertsOf(actor: Actor) {
  const notes = (await call(t, 'GET', '/api/notifications/me', { token: actor.token, query: { per_page: 100 } })).body
    .data.data as { kind: string; title: string; description: string }[];
  const mail = (await listOutbox(t.db, 500)).filter((m) => m.to === actor.user.email && m.subject === `Ruwa: ${TITLE}`);
  return { notes: notes.filter((note) => note.title === TITLE), mail };
}

describe('an admin signing in from a new device', () => {
  it('is told in the app and by e-mail: when, which browser, which address, and what to do', async () => {
    // The factory's sign-in is the first recorded: nothing to compare it with, so no alert.
    const admin = await createAdmin(t);
    await signInFrom(admin, 'lightMyRequest', '127.0.0.1');
    expect(await alertsOf(admin)).toEqual({ notes: [], mail: [] });

    const before = Date.now();
    await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.7');
    const { notes, mail } = await alertsOf(admin);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.kind).toBe('account');
    expect(mail).toHaveLength(1);
    const when = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'full' }).format(before);
    for (const text of [notes[0]!.description, mail[0]!.text]) {
      expect(text).toContain('has not used in the last 90 days');
      expect(text).toContain(`When: ${when} at `);
      expect(text).toContain('Lagos time.');
      expect(text).toContain('Browser and device: Chrome on Windows.');
      expect(text).toContain('Address: 203.0.113.7.');
      expect(text).toContain('If it was not you, change your password now');
    }

    // The same browser at the same address again is known now; at another address it is not.
    await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.7');
    expect((await alertsOf(admin)).mail).toHaveLength(1);
    await signInFrom(admin, CHROME_ON_WINDOWS, '198.51.100.20');
    expect((await alertsOf(admin)).mail).toHaveLength(2);
    expect((await alertsOf(admin)).notes[0]!.description).toContain('Address: 198.51.100.20.');
  });

  it('is told again once the device has not been seen for 90 days', async () => {
    const admin = await createAdmin(t);
    await signInFrom(admin, SAFARI_ON_IPHONE, '192.0.2.44');
    expect((await alertsOf(admin)).mail).toHaveLength(1);
    await signInFrom(admin, SAFARI_ON_IPHONE, '192.0.2.44');
    expect((await alertsOf(admin)).mail).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 91 * 24 * 3600_000);
      await signInFrom(admin, SAFARI_ON_IPHONE, '192.0.2.44');
    } finally {
      vi.useRealTimers();
    }
    const { mail } = await alertsOf(admin);
    expect(mail).toHaveLength(2);
    expect(mail[0]!.text).toContain('Browser and device: Safari on iOS.');
  });

  it('with two-factor on, is told when the code completes the sign-in, not at the password', async () => {
    const admin = await createAdmin(t);
    const setup = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    const totp = URI.parse(setup.body.data.otpauth_url) as TOTP;
    await call(t, 'POST', '/api/auth/two-factor/confirm', { token: admin.token, body: { code: totp.generate() } });

    const step1 = await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.9');
    expect(step1.challenge_token).toBeTruthy();
    expect((await alertsOf(admin)).mail).toHaveLength(0);
    const step2 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: {
        challenge_token: step1.challenge_token,
        code: totp.generate({ timestamp: Date.now() + 30_000 }),
      },
      headers: { 'user-agent': CHROME_ON_WINDOWS },
      remoteAddress: '203.0.113.9',
    });
    expect(step2.statusCode).toBe(200);
    const { mail } = await alertsOf(admin);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Address: 203.0.113.9.');
  });

  it('leaves customers alone', async () => {
    const customer = await createUser(t);
    await signInFrom(customer, CHROME_ON_WINDOWS, '203.0.113.50');
    await signInFrom(customer, SAFARI_ON_IPHONE, '192.0.2.50');
    expect(await alertsOf(customer)).toEqual({ notes: [], mail: [] });
  });
});

describe('describeDevice', () => {
  it.each([
    [CHROME_ON_WINDOWS, 'Chrome on Windows'],
    [SAFARI_ON_IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge on macOS',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'unrecognised (curl/8.5.0)'],
    ['', 'not given by the browser'],
  ])('%s is %s', (userAgent, described) => {
    expect(describeDevice(userAgent)).toBe(described);
  });
});
