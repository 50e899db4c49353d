import { and, desc, eq, sql } from 'drizzle-orm';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox, type MailMessage, type Mailer } from '../../platform/mail/mailer';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually } from '../../../test/helpers/payments';
import { auditLog } from '../audit/schema';
import { ADMIN_SIGN_IN, ADMIN_SIGN_IN_ALERTED, describeDevice, sendAdminSignInAlert } from './sign-in-alerts';

const TITLE = 'New sign-in to your admin account';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

let t: TestApp;
let outbox: Mailer;
/** What the app's mailer does with a message; a test may hold or fail it. */
let send: (message: MailMessage) => Promise<void>;
/** Tests waiting for an alert e-mail to be handed to the outbox, by address. */
const waiting: { to: string; delivered: (message: MailMessage) => void }[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_EMAIL: '100' });
  outbox = t.ctx.mailer;
  send = (message) => outbox.send(message);
  t.ctx.mailer = {
    kind: outbox.kind,
    async send(message) {
      await send(message);
      if (message.subject !== `Ruwa: ${TITLE}`) return;
      const index = waiting.findIndex((waiter) => waiter.to === message.to);
      if (index >= 0) waiting.splice(index, 1)[0]!.delivered(message);
    },
  };
  // The alert is a job: the queue runs it as it does in production.
  await t.ctx.jobs.start();
});
afterAll(() => t.close());

/** Resolves with the next alert e-mail to this actor once the mailer has sent it. */
function nextAlertTo(actor: Actor): Promise<MailMessage> {
  const { promise, resolve } = deferred<MailMessage>();
  waiting.push({ to: actor.user.email, delivered: resolve });
  return promise;
}

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

/** A sign-in expected to alert, answered once the alert e-mail has gone out. */
async function signInAlerted(actor: Actor, userAgent: string, address: string) {
  const alert = nextAlertTo(actor);
  await signInFrom(actor, userAgent, address);
  return alert;
}

/**
 * The alerts this actor has had, in the app and by e-mail. Alert jobs run in the order they were
 * sent, so once a later alert has arrived, a sign-in before it that was wrongly alerted shows here.
 */
async function alertsOf(actor: Actor) {
  const notes = (await call(t, 'GET', '/api/notifications/me', { token: actor.token, query: { per_page: 100 } })).body
    .data.data as { kind: string; title: string; description: string }[];
  const mail = (await listOutbox(t.db, 500)).filter((m) => m.to === actor.user.email && m.subject === `Ruwa: ${TITLE}`);
  return { notes: notes.filter((note) => note.title === TITLE), mail };
}

describe('an admin signing in from a new device', () => {
  it('is told in the app and by e-mail: when, which browser, which address, and what to do', async () => {
    // The factory's sign-in is the first recorded: nothing to compare it with, so no alert; the
    // same browser and address again are known.
    const admin = await createAdmin(t);
    await signInFrom(admin, 'lightMyRequest', '127.0.0.1');

    const before = Date.now();
    await signInAlerted(admin, CHROME_ON_WINDOWS, '203.0.113.7');
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
    const next = await signInAlerted(admin, CHROME_ON_WINDOWS, '198.51.100.20');
    expect(next.text).toContain('Address: 198.51.100.20.');
    expect((await alertsOf(admin)).mail).toHaveLength(2);
    expect((await alertsOf(admin)).notes[0]!.description).toContain('Address: 198.51.100.20.');
  });

  it('is told again once the device has not been seen for 90 days', async () => {
    const admin = await createAdmin(t);
    await signInAlerted(admin, SAFARI_ON_IPHONE, '192.0.2.44');
    await signInFrom(admin, SAFARI_ON_IPHONE, '192.0.2.44');

    // Every sign-in so far, 91 days ago.
    await t.db
      .update(auditLog)
      .set({ createdAt: sql`${auditLog.createdAt} - interval '91 days'` })
      .where(
        and(
          eq(auditLog.entity, 'users'),
          eq(auditLog.entityId, String(admin.user.id)),
          eq(auditLog.action, ADMIN_SIGN_IN),
        ),
      );
    const again = await signInAlerted(admin, SAFARI_ON_IPHONE, '192.0.2.44');
    expect(again.text).toContain('Browser and device: Safari on iOS.');
    expect((await alertsOf(admin)).mail).toHaveLength(2);
  });

  it('with two-factor on, is told when the code completes the sign-in, not at the password', async () => {
    const admin = await createAdmin(t);
    const setup = await call(t, 'POST', '/api/auth/two-factor/setup', { token: admin.token });
    const totp = URI.parse(setup.body.data.otpauth_url) as TOTP;
    await call(t, 'POST', '/api/auth/two-factor/confirm', { token: admin.token, body: { code: totp.generate() } });

    const alert = nextAlertTo(admin);
    const step1 = await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.9');
    expect(step1.challenge_token).toBeTruthy();
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
    expect((await alert).text).toContain('Address: 203.0.113.9.');
    // One alert: the password step alerted nothing.
    expect((await alertsOf(admin)).mail).toHaveLength(1);
  });

  it('leaves customers alone', async () => {
    const customer = await createUser(t);
    await signInFrom(customer, CHROME_ON_WINDOWS, '203.0.113.50');
    await signInFrom(customer, SAFARI_ON_IPHONE, '192.0.2.50');
    // An admin's alert queued after the customer's sign-ins has arrived; the customer has none.
    const admin = await createAdmin(t);
    await signInAlerted(admin, SAFARI_ON_IPHONE, '192.0.2.51');
    expect(await alertsOf(customer)).toEqual({ notes: [], mail: [] });
  });
});

describe('the alert of a new-device sign-in goes out after the sign-in has answered', () => {
  it('a mailer that has not finished sending holds up neither the sign-in nor, once it sends, the alert', async () => {
    const admin = await createAdmin(t);
    const held = deferred();
    const reached = deferred<MailMessage>();
    send = async (message) => {
      reached.resolve(message);
      await held.promise;
      await outbox.send(message);
    };
    try {
      const alert = nextAlertTo(admin);
      const signedIn = await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.77');
      // Answered while the e-mail is still being sent: the session works already.
      const me = await call(t, 'GET', '/api/users/me', { token: signedIn.access_token! });
      expect(me.status).toBe(200);
      expect((await reached.promise).to).toBe(admin.user.email);
      expect((await alertsOf(admin)).mail).toEqual([]);

      held.resolve();
      expect((await alert).text).toContain('Address: 203.0.113.77.');
      expect(await alertsOf(admin)).toMatchObject({ notes: [{ kind: 'account' }], mail: [{ to: admin.user.email }] });
    } finally {
      send = (message) => outbox.send(message);
    }
  });

  it('a mailer that fails is logged; the sign-in stands and the alert in the app is still there', async () => {
    const admin = await createAdmin(t);
    const held = deferred();
    const reached = deferred();
    send = async () => {
      reached.resolve();
      await held.promise;
    };
    const logged = deferred<unknown>();
    const warn = vi.spyOn(t.ctx.log, 'warn').mockImplementation(((details: unknown, message?: string) => {
      if (message === 'account alert e-mail not sent') logged.resolve(details);
    }) as typeof t.ctx.log.warn);
    let signedIn: Awaited<ReturnType<typeof signInFrom>>;
    try {
      signedIn = await signInFrom(admin, CHROME_ON_WINDOWS, '203.0.113.78');
      expect(signedIn.access_token).toBeTruthy();
      await reached.promise;
      held.reject(new Error('SMTP server unreachable'));
      expect(await logged.promise).toMatchObject({
        err: expect.objectContaining({ message: 'SMTP server unreachable' }),
        userId: admin.user.id,
      });
    } finally {
      warn.mockRestore();
      send = (message) => outbox.send(message);
    }
    const { notes, mail } = await alertsOf(admin);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.description).toContain('Address: 203.0.113.78.');
    expect(mail).toEqual([]);
    expect((await call(t, 'GET', '/api/users/me', { token: signedIn.access_token! })).status).toBe(200);
  });
});

describe('the alert job', () => {
  it('run again for a sign-in already alerted, alerts nobody', async () => {
    const admin = await createAdmin(t);
    await signInAlerted(admin, CHROME_ON_WINDOWS, '203.0.113.90');
    const [signIn] = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(admin.user.id)), eq(auditLog.action, ADMIN_SIGN_IN)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    // The mail goes out before the job marks the sign-in alerted: run it again once the mark is there.
    await eventually(async () => {
      const [mark] = await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, ADMIN_SIGN_IN_ALERTED),
            sql`${auditLog.after} @> ${JSON.stringify({ sign_in: signIn!.id })}::jsonb`,
          ),
        );
      return mark;
    });
    await sendAdminSignInAlert(t.ctx, { sign_in: signIn!.id });
    const { notes, mail } = await alertsOf(admin);
    expect([notes.length, mail.length]).toEqual([1, 1]);
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
