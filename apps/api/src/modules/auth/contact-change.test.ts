import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_NEEDED } from '@ruwa/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually } from '../../../test/helpers/payments';
import { latestSmsCode } from '../../../test/helpers/verification';
import { listOutbox } from '../../platform/mail/mailer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailTo = async (to: string, subject: RegExp) =>
  (await listOutbox(t.db, 200)).find((mail) => mail.to === to && subject.test(mail.subject));
const linkIn = (text: string, path: string) => text.match(new RegExp(`${path}\\?token=([^\\s&]+)`))?.[1];
const me = async (actor: Actor) => (await call(t, 'GET', '/api/users/me', { token: actor.token })).body.data;

const changeEmail = (actor: Actor, email: string, password?: string) =>
  call(t, 'POST', '/api/users/update', {
    token: actor.token,
    body: {
      first_name: actor.user.firstName,
      last_name: actor.user.lastName,
      email,
      phone_number: actor.user.phoneNumber,
      ...(password === undefined ? {} : { current_password: password }),
    },
  });

describe('a stolen session cannot move the account to another address', () => {
  it('refuses an e-mail change without the current password, or with a wrong one, changing nothing', async () => {
    const owner = await createUser(t);
    const without = await changeEmail(owner, 'thief@example.com');
    expect(without.status).toBe(422);
    expect(without.body.errors.current_password).toEqual([CURRENT_PASSWORD_NEEDED]);
    const wrong = await changeEmail(owner, 'thief@example.com', 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is not correct.']);
    expect(await me(owner)).toMatchObject({ email: owner.user.email, pending_email: null });
    expect(await mailTo('thief@example.com', /./)).toBeUndefined();

    // The reset that followed in the chain goes to the owner's verified address, not the thief's.
    const reset = await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: 'thief@example.com' } });
    expect(reset.status).toBe(200);
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: owner.user.email } });
    await eventually(() => mailTo(owner.user.email, /Reset your Ruwa password/));
    expect(await mailTo('thief@example.com', /./)).toBeUndefined();
  });

  it('changes the e-mail once the new address opens its link; the old address can undo it and sign everyone out', async () => {
    const owner = await createUser(t);
    const asked = await changeEmail(owner, 'new.home@example.com', owner.password);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(/open the link we sent to new\.home@example\.com/);
    expect(asked.body.data).toMatchObject({ email: owner.user.email, pending_email: 'new.home@example.com' });

    const confirmMail = await eventually(() => mailTo('new.home@example.com', /Confirm your new e-mail/));
    const confirmed = await call(t, 'POST', '/api/auth/email/verify', {
      body: { token: linkIn(confirmMail.text, '/auth/verify-email') },
    });
    expect(confirmed.status).toBe(200);
    expect(await me(owner)).toMatchObject({ email: 'new.home@example.com', email_verified: true });

    // The replaced address was told, in the app and by e-mail, with the link that undoes it.
    const notice = await eventually(() => mailTo(owner.user.email, /Your e-mail address was changed/));
    expect(notice.text).toContain('new.home@example.com');
    const notes = await call(t, 'GET', '/api/notifications/me', { token: owner.token });
    expect(notes.body.data.data.map((n: { title: string }) => n.title)).toContain('Your e-mail address was changed');

    const undoToken = linkIn(notice.text, '/auth/undo-change');
    const undone = await call(t, 'POST', '/api/auth/contact-change/undo', { body: { token: undoToken } });
    expect(undone.status).toBe(200);
    expect((await call(t, 'GET', '/api/users/me', { token: owner.token })).status).toBe(401);
    const again = await createUserSession(owner);
    expect(await me(again)).toMatchObject({ email: owner.user.email, email_verified: true });
    // The link works once.
    expect((await call(t, 'POST', '/api/auth/contact-change/undo', { body: { token: undoToken } })).status).toBe(422);
  });

  it('changes the phone once the code texted to the new number is typed, and tells the owner', async () => {
    const owner = await createUser(t, { phoneNumber: '+2348061110001' });
    const asked = await call(t, 'POST', '/api/users/update', {
      token: owner.token,
      body: {
        first_name: 'Ada',
        last_name: 'Obi',
        email: owner.user.email,
        phone_number: '08061110002',
        current_password: owner.password,
      },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ phone_number: '+2348061110001', pending_phone: '+2348061110002' });
    const wrong = await call(t, 'POST', '/api/users/phone-change/verify', {
      token: owner.token,
      body: { code: '000000' === (await latestSmsCode(t, '+2348061110002')) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect((await me(owner)).phone_number).toBe('+2348061110001');

    const code = await latestSmsCode(t, '+2348061110002');
    const done = await call(t, 'POST', '/api/users/phone-change/verify', { token: owner.token, body: { code } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ phone_number: '+2348061110002', phone_verified: true });
    const notice = await eventually(() => mailTo(owner.user.email, /Your phone number was changed/));
    expect(notice.text).toContain('08061110002');
  });

  it('refuses a change asked for again too soon with 429 before saving anything, the name included', async () => {
    const owner = await createUser(t);
    const first = await changeEmail(owner, 'soon.one@example.com', owner.password);
    expect(first.status).toBe(200);
    const again = await call(t, 'POST', '/api/users/update', {
      token: owner.token,
      body: {
        first_name: 'Renamed',
        last_name: owner.user.lastName,
        email: 'soon.two@example.com',
        phone_number: owner.user.phoneNumber,
        current_password: owner.password,
      },
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds? before asking for another link\.$/);
    expect(await me(owner)).toMatchObject({ first_name: owner.user.firstName, pending_email: 'soon.one@example.com' });
    expect(await mailTo('soon.two@example.com', /./)).toBeUndefined();
  });

  it('resets by SMS code to the verified phone when the e-mail is not verified', async () => {
    const owner = await createUser(t, { phoneNumber: '+2348061110003' });
    await t.db.execute(`update users set email_verified_at = null where id = ${owner.user.id}`);
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: owner.user.email } });
    const code = await eventually(async () => {
      const sms = await latestSmsCode(t, '+2348061110003');
      return sms ? sms : undefined;
    });
    expect(await mailTo(owner.user.email, /Reset your Ruwa password/)).toBeUndefined();
    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { email: owner.user.email, code, new_password: 'fresh-sachet-77', confirm_password: 'fresh-sachet-77' },
    });
    expect(reset.status).toBe(200);
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { email: owner.user.email, password: 'fresh-sachet-77' },
    });
    expect(login.status).toBe(200);
    // Used once.
    const replay = await call(t, 'POST', '/api/auth/password/reset', {
      body: { email: owner.user.email, code, new_password: 'other-sachet-78', confirm_password: 'other-sachet-78' },
    });
    expect(replay.status).toBe(422);
  });
});

async function createUserSession(actor: Actor): Promise<Actor> {
  const res = await call(t, 'POST', '/api/auth/login', { body: { email: actor.user.email, password: actor.password } });
  expect(res.status).toBe(200);
  return { ...actor, token: res.body.data.access_token };
}
