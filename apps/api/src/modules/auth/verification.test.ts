import { eq, sql } from 'drizzle-orm';
import {
  API_ERROR_CODES,
  PHONE_CODE_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
  VERIFICATION_SENDS_PER_DAY,
} from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually } from '../../../test/helpers/payments';
import { latestSmsCode, smsOutbox, verifyPhone } from '../../../test/helpers/verification';
import { listOutbox } from '../../platform/mail/mailer';
import { users } from '../users/schema';
import { credit } from '../wallet/service';
import { EMAIL_LINK_INVALID } from './email-verification';
import { CODE_EXPIRED, CODE_USED_UP, NO_CODE_SENT } from './phone-verification';
import { emailVerifications, phoneVerifications } from './schema';
import { nextSendWait } from './send-limits';

let t: TestApp;
beforeAll(async () => {
  // Many sends and tries from one address and account; the per-minute limits have their own tests.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_EMAIL: '1000' });
});
afterAll(() => t.close());

const sendCode = (actor: Actor) => call(t, 'POST', '/api/auth/phone/send-code', { token: actor.token });
const verify = (actor: Actor, code: unknown) =>
  call(t, 'POST', '/api/auth/phone/verify', { token: actor.token, body: { code } });
const me = async (actor: Actor) => (await call(t, 'GET', '/api/users/me', { token: actor.token })).body.data;
/** Moves this account's sends into the past, as if `seconds` had gone by. */
const age = (actor: Actor, seconds: number) =>
  t.db
    .update(phoneVerifications)
    .set({ createdAt: sql`${phoneVerifications.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(phoneVerifications.userId, actor.user.id));
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function codeFor(actor: Actor): Promise<string> {
  const code = await latestSmsCode(t, actor.user.phoneNumber);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('verifying the phone number by SMS', () => {
  it('texts a 6-digit code, keeps only its hash, and the right code verifies the number once', async () => {
    const actor = await createUser(t, { verified: false });
    expect(await me(actor)).toMatchObject({ phone_verified: false, email_verified: false });

    const sent = await sendCode(actor);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      message: `We sent a 6-digit code to 0${actor.user.phoneNumber.slice(4)}.`,
      data: {
        sent_to: actor.user.phoneNumber,
        expires_in_seconds: 600,
        resend_in_seconds: VERIFICATION_RESEND_SECONDS,
      },
    });
    const [sms] = await smsOutbox(t);
    expect(sms).toMatchObject({ to: actor.user.phoneNumber.slice(1), from: 'Ruwa' });
    expect(sms!.text).toMatch(/^Your Ruwa code is \d{6}\. It expires in 10 minutes\. Do not share it with anyone\.$/);
    const code = await codeFor(actor);
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, actor.user.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await verify(actor, wrongCodeFor(code));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([`That code is not right. ${PHONE_CODE_MAX_ATTEMPTS - 1} tries left.`]);
    expect((await verify(actor, '12ab56')).body.errors.code).toEqual(['Enter the 6-digit code we sent by SMS.']);

    const right = await verify(actor, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('Your phone number is verified.');
    expect(right.body.data).toMatchObject({ id: actor.user.id, phone_verified: true, email_verified: false });
    expect(await me(actor)).toMatchObject({ phone_verified: true });

    // Nothing more to verify.
    expect((await verify(actor, code)).status).toBe(409);
    const again = await sendCode(actor);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your phone number is already verified.');
  });

  it('allows five tries per code; after them even the right code is refused until a new one is sent', async () => {
    const actor = await createUser(t, { verified: false });
    expect((await verify(actor, '123456')).body.errors.code).toEqual([NO_CODE_SENT]);
    await sendCode(actor);
    const code = await codeFor(actor);
    const answers = [];
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) answers.push(await verify(actor, wrongCodeFor(code)));
    expect(answers.map((res) => res.status)).toEqual([422, 422, 422, 422, 422]);
    expect(answers.map((res) => res.body.errors.code[0])).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      CODE_USED_UP,
    ]);
    const late = await verify(actor, code);
    expect(late.status).toBe(422);
    expect(late.body.errors.code).toEqual([CODE_USED_UP]);
    expect((await me(actor)).phone_verified).toBe(false);

    await age(actor, VERIFICATION_RESEND_SECONDS);
    expect((await sendCode(actor)).status).toBe(200);
    const fresh = await codeFor(actor);
    expect((await verify(actor, fresh)).status).toBe(200);
  });

  it('counts tries that arrive together: ten at once still get five', async () => {
    const actor = await createUser(t, { verified: false });
    await sendCode(actor);
    const wrong = wrongCodeFor(await codeFor(actor));
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(actor, wrong)));
    expect(answers.every((res) => res.status === 422)).toBe(true);
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, actor.user.id));
    expect(row!.attempts).toBe(PHONE_CODE_MAX_ATTEMPTS);
  });

  it('refuses a code after ten minutes, and an older code once a newer one was sent', async () => {
    const actor = await createUser(t, { verified: false });
    await sendCode(actor);
    const first = await codeFor(actor);
    await t.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, actor.user.id));
    const expired = await verify(actor, first);
    expect(expired.status).toBe(422);
    expect(expired.body.errors.code).toEqual([CODE_EXPIRED]);

    await age(actor, VERIFICATION_RESEND_SECONDS);
    await sendCode(actor);
    const second = await codeFor(actor);
    await age(actor, VERIFICATION_RESEND_SECONDS);
    await sendCode(actor);
    const third = await codeFor(actor);
    if (second !== third) expect((await verify(actor, second)).status).toBe(422);
    expect((await verify(actor, third)).status).toBe(200);
  });

  it('throttles sends: a minute apart (429 with Retry-After), and five a day per account', async () => {
    const actor = await createUser(t, { verified: false });
    expect((await sendCode(actor)).status).toBe(200);
    const soon = await sendCode(actor);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/^Please wait \d+ seconds? before asking for another code\.$/);
    const retryAfter = Number(soon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(VERIFICATION_RESEND_SECONDS);

    for (let sent = 1; sent < VERIFICATION_SENDS_PER_DAY; sent++) {
      await age(actor, VERIFICATION_RESEND_SECONDS);
      expect((await sendCode(actor)).status).toBe(200);
    }
    await age(actor, VERIFICATION_RESEND_SECONDS);
    const sixth = await sendCode(actor);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(
      /^You have asked for 5 codes in the last 24 hours\. Try again in about \d+ hours?\.$/,
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    const texted = (await smsOutbox(t)).filter((m) => m.to === actor.user.phoneNumber.slice(1));
    expect(texted).toHaveLength(VERIFICATION_SENDS_PER_DAY);
  });

  it('counts the daily limit per number too, so asking several accounts to move to it sends no more', async () => {
    const target = '+2348099990001';
    for (let sent = 0; sent < VERIFICATION_SENDS_PER_DAY; sent++) {
      const asker = await createUser(t);
      const asked = await call(t, 'POST', '/api/users/update', {
        token: asker.token,
        body: {
          first_name: 'A',
          last_name: 'B',
          email: asker.user.email,
          phone_number: target,
          current_password: asker.password,
        },
      });
      expect(asked.status).toBe(200);
      // The minute between two sends has passed.
      await t.db.execute(sql`update contact_changes set created_at = created_at - interval '61 seconds'`);
    }
    const last = await createUser(t);
    const refused = await call(t, 'POST', '/api/users/update', {
      token: last.token,
      body: {
        first_name: 'C',
        last_name: 'D',
        email: last.user.email,
        phone_number: target,
        current_password: last.password,
      },
    });
    expect(refused.status).toBe(429);
    expect((await smsOutbox(t)).filter((sms) => sms.to === target.slice(1))).toHaveLength(VERIFICATION_SENDS_PER_DAY);
  });

  it('tells the customer when the SMS provider fails; the failed send does not count or replace the last code', async () => {
    const actor = await createUser(t, { verified: false });
    const fault = await call(t, 'POST', '/sandbox/faults', { body: { provider: 'sms', mode: 'error_5xx', times: 1 } });
    expect(fault.status).toBe(200);
    const failed = await sendCode(actor);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('We could not send the SMS just now. Please try again in a minute.');
    expect(await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, actor.user.id))).toEqual(
      [],
    );
    // At once, without waiting for the minute: the first one never went.
    expect((await sendCode(actor)).status).toBe(200);
    const code = await codeFor(actor);
    // A resend that fails leaves the code already sent working.
    await age(actor, VERIFICATION_RESEND_SECONDS);
    await call(t, 'POST', '/sandbox/faults', { body: { provider: 'sms', mode: 'error_5xx', times: 1 } });
    expect((await sendCode(actor)).status).toBe(502);
    expect((await verify(actor, code)).status).toBe(200);
  });

  it('a new phone number replaces the verified one only once its own code proves it', async () => {
    const actor = await createUser(t, { phoneNumber: '+2348077770001' });
    const update = (phone: string) =>
      call(t, 'POST', '/api/users/update', {
        token: actor.token,
        body: {
          first_name: 'Ife',
          last_name: 'Ola',
          email: actor.user.email,
          phone_number: phone,
          current_password: actor.password,
        },
      });
    const asked = await update('08077770002');
    expect(asked.body.data).toMatchObject({
      phone_number: '+2348077770001',
      phone_verified: true,
      pending_phone: '+2348077770002',
    });
    // Saving the profile with the same number (typed another way) changes nothing.
    expect((await update('+234 807 777 0001')).body.data).toMatchObject({ phone_verified: true });
    const code = await latestSmsCode(t, '+2348077770002');
    const done = await call(t, 'POST', '/api/users/phone-change/verify', { token: actor.token, body: { code } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ phone_number: '+2348077770002', phone_verified: true, pending_phone: null });
    const [row] = await t.db.select().from(users).where(eq(users.id, actor.user.id));
    expect(row!.phoneNumber).toBe('+2348077770002');
  });
});

describe('what an unverified phone number cannot do', () => {
  it('withdraw or save a bank account: 403 with a stable code and a message saying what to do; after verifying, both work', async () => {
    const actor = await createUser(t, { verified: false });
    await t.db.transaction((tx) =>
      credit(tx, actor.user.id, {
        amountKobo: 1000_00,
        type: 'deposit',
        reference: `v-${actor.user.id}`,
        description: 'test',
      }),
    );
    const saveBank = () =>
      call(t, 'POST', '/api/wallet/store/bank-details', {
        token: actor.token,
        body: { first_name: 'Ada', last_name: 'Obi', account_number: '0123456789', bank_name: '033' },
      });
    const withdraw = (selectedBank: number) =>
      call(t, 'POST', '/api/wallet-transactions/withdraw', {
        token: actor.token,
        body: { amount: 300, selected_bank: selectedBank },
      });
    // Refused before the bank account is even looked at.
    const refused = await withdraw(1);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Verify your phone number to withdraw.',
      code: API_ERROR_CODES.phoneUnverified,
    });
    // Saving a bank account looks its holder's name up, which needs a proven phone too.
    const bankRefused = await saveBank();
    expect(bankRefused.status).toBe(403);
    expect(bankRefused.body).toEqual({
      message: 'Verify your phone number to save a bank account.',
      code: API_ERROR_CODES.phoneUnverified,
    });
    expect((await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance).toBe(1000);
    // The session is not affected: the customer is still signed in.
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).status).toBe(200);

    await verifyPhone(t, actor.token);
    const bank = await saveBank();
    expect(bank.status).toBe(200);
    const allowed = await withdraw(bank.body.data.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.wallet.balance).toBe(700);
  });
});

const linkTokenIn = async (to: string) => {
  const message = (await listOutbox(t.db)).find((m) => m.to === to && /Confirm your (new )?e-mail/.test(m.subject));
  const match = message?.text.match(/\/auth\/verify-email\?token=([A-Za-z0-9_%-]+)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
};
const verifyEmail = (token: unknown) => call(t, 'POST', '/api/auth/email/verify', { body: { token } });

describe('verifying the e-mail address by link', () => {
  it('mails a link at sign-up (on PUBLIC_URL); the link verifies the address without a session, and again is fine', async () => {
    const registered = await call(t, 'POST', '/api/auth/register', {
      body: {
        first_name: 'Emeka',
        last_name: 'Nwosu',
        email: 'emeka.verify@example.com',
        phone_number: '08066660001',
        password: 'lagos-water-1',
        password_confirmation: 'lagos-water-1',
      },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data.user).toMatchObject({ phone_verified: false, email_verified: false });
    const token = await eventually(() => linkTokenIn('emeka.verify@example.com'));
    const mail = (await listOutbox(t.db)).find((m) => m.to === 'emeka.verify@example.com')!;
    expect(mail.text).toContain(`http://ruwa.test/auth/verify-email?token=`);
    const [row] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, token));
    expect(row).toBeUndefined(); // only its hash is kept

    const done = await verifyEmail(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your e-mail address is verified.');
    const session = registered.body.data.access_token;
    expect((await call(t, 'GET', '/api/users/me', { token: session })).body.data.email_verified).toBe(true);
    // Opened twice (a second tap, a mail app's preview): still fine.
    expect((await verifyEmail(token)).status).toBe(200);

    const unknown = await verifyEmail('x'.repeat(43));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.token).toEqual([EMAIL_LINK_INVALID]);
    expect((await call(t, 'POST', '/api/auth/email/send-link', { token: session })).status).toBe(409);
  });

  it('sends another link on request, a minute apart; an expired link is refused', async () => {
    const actor = await createUser(t, { verified: false });
    const send = () => call(t, 'POST', '/api/auth/email/send-link', { token: actor.token });
    const sent = await send();
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent_to: actor.user.email, expires_in_seconds: 86_400, resend_in_seconds: 60 });
    const soon = await send();
    expect(soon.status).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);

    const token = (await linkTokenIn(actor.user.email))!;
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, actor.user.id));
    expect((await verifyEmail(token)).body.errors.token).toEqual([EMAIL_LINK_INVALID]);
    expect((await me(actor)).email_verified).toBe(false);
  });

  it('a new address replaces the old one only once its own link is opened, and comes verified', async () => {
    const actor = await createUser(t, { verified: false });
    await call(t, 'POST', '/api/auth/email/send-link', { token: actor.token });
    const oldToken = (await linkTokenIn(actor.user.email))!;
    const asked = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: {
        first_name: 'Uche',
        last_name: 'Eze',
        email: 'uche.new@example.com',
        phone_number: `0${actor.user.phoneNumber.slice(4)}`,
        current_password: actor.password,
      },
    });
    expect(asked.body.data).toMatchObject({ email: actor.user.email, pending_email: 'uche.new@example.com' });
    const newToken = await eventually(() => linkTokenIn('uche.new@example.com'));
    const confirmed = await verifyEmail(newToken);
    expect(confirmed.status).toBe(200);
    expect(await me(actor)).toMatchObject({ email: 'uche.new@example.com', email_verified: true, pending_email: null });
    // The link sent to the replaced address proves nothing now.
    expect((await verifyEmail(oldToken)).body.errors.token).toEqual([EMAIL_LINK_INVALID]);
    expect((await verifyEmail(newToken)).status).toBe(422);
  });
});

describe('the resend rule', () => {
  const at = (secondsAgo: number, now: Date) => new Date(now.getTime() - secondsAgo * 1000);
  const now = new Date('2026-11-25T12:00:00Z');

  it('waits a minute after the last send, and 24 hours after the fifth most recent', () => {
    expect(nextSendWait([], now)).toBeNull();
    expect(nextSendWait([at(61, now)], now)).toBeNull();
    expect(nextSendWait([at(20, now)], now)).toEqual({ seconds: 40, reason: 'interval' });
    const five = [at(100, now), at(3600, now), at(7200, now), at(10_800, now), at(14_400, now)];
    expect(nextSendWait(five, now)).toEqual({ seconds: 86_400 - 14_400, reason: 'daily' });
    // Sends older than a day do not count.
    expect(nextSendWait([...five.slice(0, 4), at(90_000, now)], now)).toBeNull();
  });
});
