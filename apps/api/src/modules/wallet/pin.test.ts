import { PIN_FROM_PHONE, WEAK_PIN } from '@ruwa/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { sandboxCharge } from '../../../test/helpers/payments';
import { latestSmsCode, smsOutbox } from '../../../test/helpers/verification';
import { sha256 } from '../../lib/secrets';
import { listOutbox } from '../../platform/mail/mailer';
import { auditLog } from '../audit/schema';
import { sessionsChanging } from '../auth/sessions';
import { users } from '../users/schema';
import { claimResetCodeTry, PIN_RESET_SENT } from './pin';
import { walletPins, withdrawalCooldowns } from './schema';

let t: TestApp;
let water: { product_id: number; location_id: number };
beforeAll(async () => {
  // Every account here shares 127.0.0.1, and a reset by code checks the password on each try: the
  // password budgets have tests of their own (password-check.test.ts).
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: '1000',
    RATE_LIMIT_PASSWORD_PER_IP: '1000',
    RATE_LIMIT_PASSWORD_PER_ACCOUNT: '1000',
  });
  const admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    product_price: 50,
    locations: [{ id: location.id }],
  });
  water = { product_id: product.id, location_id: location.id };
});
afterAll(() => t.close());

const PIN = '2468';

const walletOf = async (actor: Actor) => (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data;

async function fund(actor: Actor, naira: number) {
  const reference = await sandboxCharge(t, { amountKobo: naira * 100, email: actor.user.email });
  const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: actor.token,
    body: { amount: naira, tx_id: reference },
  });
  expect(res.status).toBe(200);
}

/**
 * Unproves a customer's e-mail (and phone) behind the app's back, as an old account would be; the
 * app is told, as its own writes tell it, so the next request reads the account anew.
 */
async function unverify(actor: Actor, fields: { emailVerifiedAt: null; phoneVerifiedAt?: null }) {
  await t.db.update(users).set(fields).where(eq(users.id, actor.user.id));
  sessionsChanging();
}

/** Moves this customer's PIN resets sent back in time, as if they were asked for that long ago. */
async function sentMinutesAgo(actor: Actor, minutes: number) {
  await t.db
    .update(auditLog)
    .set({ createdAt: sql`${auditLog.createdAt} - make_interval(mins => ${minutes}::int)` })
    .where(
      and(
        eq(auditLog.action, PIN_RESET_SENT),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(actor.user.id)),
      ),
    );
}

async function customerWithPin(naira = 1000) {
  const actor = await createUser(t);
  if (naira) await fund(actor, naira);
  const res = await call(t, 'POST', '/api/wallet/pin', {
    token: actor.token,
    body: { pin: PIN, password: actor.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return actor;
}

/** A wallet spend that carries (or not) a PIN: airtime paid from the wallet. */
const buyAirtime = (actor: Actor, pin?: string, amount = 100) =>
  call(t, 'POST', '/api/product-order/buy/airtime', {
    token: actor.token,
    body: {
      network_id: 'mtn',
      phone: '08031234567',
      amount,
      payment_method: 'wallet',
      confirm_duplicate: true,
      ...(pin ? { pin } : {}),
    },
  });

describe('wallet PIN', () => {
  it('is set with the account password, shows in the wallet, and is stored only as an argon2id hash', async () => {
    const actor = await createUser(t);
    expect((await walletOf(actor)).pin_set).toBe(false);
    const wrongPassword = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: PIN, password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toEqual({ password: ['The password is incorrect.'] });
    const badPin = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: '12a4', password: actor.password },
    });
    expect(badPin.status).toBe(422);
    expect(badPin.body.errors.pin).toEqual(['The PIN must be 4 digits.']);
    expect((await walletOf(actor)).pin_set).toBe(false);

    const res = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: PIN, password: actor.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ pin_set: true });
    expect(await walletOf(actor)).toMatchObject({ pin_set: true, pin_locked_until: null });
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect(row!.pinHash).not.toContain(PIN);
  });

  it("refuses a PIN a thief would try first (422 errors.pin): repeats, runs, common ones, the phone number's end", async () => {
    const actor = await createUser(t, { phoneNumber: '+2348129475863' });
    const lastFour = '5863';
    for (const pin of ['1234', '0000', '1111', '4321', '9876', '7890', '1212', lastFour]) {
      const res = await call(t, 'POST', '/api/wallet/pin', {
        token: actor.token,
        body: { pin, password: actor.password },
      });
      expect(res.status, pin).toBe(422);
      expect(res.body.errors.pin, pin).toEqual([pin === lastFour ? PIN_FROM_PHONE : WEAK_PIN]);
    }
    expect((await walletOf(actor)).pin_set).toBe(false);
    const set = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: PIN, password: actor.password },
    });
    expect(set.status).toBe(200);
    // Changing it, or resetting it, is held to the same rule.
    const change = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: '0000', password: actor.password, current_pin: PIN },
    });
    expect(change.status).toBe(422);
    expect(change.body.errors.pin).toEqual([WEAK_PIN]);
    const reset = await call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { token: 'a-link-token', pin: '1234', password: actor.password },
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors.pin).toEqual([WEAK_PIN]);
  });

  it('leaves wallet spending as it was for a customer who has not set one', async () => {
    const actor = await createUser(t);
    await fund(actor, 500);
    const res = await buyAirtime(actor);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await walletOf(actor)).balance).toBe(400);
  });

  it('is required, once set, by wallet payments, withdrawals and savings withdrawals (422 errors.pin)', async () => {
    const actor = await customerWithPin(1000);
    const missing = await buyAirtime(actor);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ pin: ['Enter your 4-digit wallet PIN.'] });

    const bank = await call(t, 'POST', '/api/wallet/store/bank-details', {
      token: actor.token,
      body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
    });
    const withdraw = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 200, selected_bank: bank.body.data.id },
    });
    expect(withdraw.status).toBe(422);
    expect(withdraw.body.errors.pin).toEqual(['Enter your 4-digit wallet PIN.']);

    const order = (pin?: string) =>
      call(t, 'POST', '/api/product-order/store', {
        token: actor.token,
        body: { ...water, quantity: 1, recipient_address: '12 Admiralty Way, Lekki', payment_method: 'wallet', pin },
      });
    const subscribe = (pin?: string) =>
      call(t, 'POST', '/api/subscription-order/store', {
        token: actor.token,
        body: {
          ...water,
          quantity: 1,
          recipient_address: '12 Admiralty Way, Lekki',
          duration_in_days: 7,
          payment_method: 'wallet',
          pin,
        },
      });
    // The order's own statement refuses a wallet with a PIN when none was sent (no read before it).
    const noPinOrder = await order();
    expect(noPinOrder.status).toBe(422);
    expect(noPinOrder.body.errors).toEqual({ pin: ['Enter your 4-digit wallet PIN.'] });
    const wrongOrder = await order('0000');
    expect(wrongOrder.status).toBe(422);
    expect(wrongOrder.body.errors.pin[0]).toMatch(/^Wrong PIN\. 4 attempts left/);
    const noPinSubscription = await subscribe();
    expect(noPinSubscription.status).toBe(422);
    expect(noPinSubscription.body.errors.pin).toEqual(['Enter your 4-digit wallet PIN.']);
    expect((await order(PIN)).status).toBe(201);
    const subscription = await subscribe(PIN);
    expect(subscription.status, JSON.stringify(subscription.body)).toBe(201);
    const spentOnWater = 1000 - (await walletOf(actor)).balance;
    expect(spentOnWater).toBeGreaterThan(50);

    await call(t, 'POST', '/api/wallet/savings/deposit', { token: actor.token, body: { amount: 100, pin: PIN } });
    const savingsOut = await call(t, 'POST', '/api/wallet/savings/withdraw', {
      token: actor.token,
      body: { amount: 100 },
    });
    expect(savingsOut.status).toBe(422);
    expect(savingsOut.body.errors.pin).toEqual(['Enter your 4-digit wallet PIN.']);

    // Nothing left the wallet on any refusal; with the PIN, each goes through.
    expect(await walletOf(actor)).toMatchObject({ balance: 900 - spentOnWater, savings: 100 });
    expect((await buyAirtime(actor, PIN)).status).toBe(201);
    const savingsWithPin = await call(t, 'POST', '/api/wallet/savings/withdraw', {
      token: actor.token,
      body: { amount: 100, pin: PIN },
    });
    expect(savingsWithPin.status).toBe(200);
    const withdrawWithPin = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 200, selected_bank: bank.body.data.id, pin: PIN },
    });
    expect(withdrawWithPin.status, JSON.stringify(withdrawWithPin.body)).toBe(200);
    expect(await walletOf(actor)).toMatchObject({ balance: 700 - spentOnWater, savings: 0 });
  });

  it('counts wrong PINs and locks wallet spending for 30 minutes on the fifth in a row (423 with the time left)', async () => {
    const actor = await customerWithPin(1000);
    for (let left = 4; left >= 1; left--) {
      const wrong = await buyAirtime(actor, '1111');
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.pin).toEqual([
        `Wrong PIN. ${left} attempt${left === 1 ? '' : 's'} left before wallet payments are locked for 30 minutes.`,
      ]);
    }
    const fifth = await buyAirtime(actor, '1111');
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('wallet_locked');
    expect(fifth.body.message).toBe('Too many wrong PINs. Wallet payments are locked for 30 more minutes.');
    expect(fifth.body.retry_after_seconds).toBeGreaterThan(1790);
    expect(fifth.body.retry_after_seconds).toBeLessThanOrEqual(1800);
    expect(fifth.headers['retry-after']).toBe(String(fifth.body.retry_after_seconds));

    // Locked: even the right PIN is refused, for every kind of spend; nothing moved.
    expect((await buyAirtime(actor, PIN)).status).toBe(423);
    const orderWithoutPin = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: { ...water, quantity: 1, recipient_address: '12 Admiralty Way, Lekki', payment_method: 'wallet' },
    });
    expect(orderWithoutPin.status).toBe(423);
    expect(orderWithoutPin.body.code).toBe('wallet_locked');
    const savings = await call(t, 'POST', '/api/wallet/savings/withdraw', {
      token: actor.token,
      body: { amount: 1, pin: PIN },
    });
    expect(savings.status).toBe(423);
    const wallet = await walletOf(actor);
    expect(wallet.balance).toBe(1000);
    expect(Date.parse(wallet.pin_locked_until) - Date.now()).toBeGreaterThan(29 * 60_000);

    // Thirty minutes later it opens again.
    await t.db
      .update(walletPins)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(walletPins.userId, actor.user.id));
    expect((await buyAirtime(actor, PIN)).status).toBe(201);
  });

  it('counts only wrong PINs in a row: a right one starts the count again', async () => {
    const actor = await customerWithPin(1000);
    for (let i = 0; i < 4; i++) expect((await buyAirtime(actor, '9999')).status).toBe(422);
    expect((await buyAirtime(actor, PIN)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await buyAirtime(actor, '9999')).status).toBe(422);
    expect((await walletOf(actor)).pin_locked_until).toBeNull();
  });

  it('cannot be out-guessed by sending wrong PINs at once: no more than five are judged before the lock', async () => {
    const actor = await customerWithPin(1000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buyAirtime(actor, '1357')));
    const statuses = answers.map((res) => res.status).sort();
    // Four counted wrong (422), the fifth locks (423), and the five behind it find the lock (423).
    expect(statuses).toEqual([422, 422, 422, 422, 423, 423, 423, 423, 423, 423]);
    const locks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.pin_locked'), eq(auditLog.entityId, String(actor.user.id))));
    expect(locks).toHaveLength(1);
    expect((await walletOf(actor)).balance).toBe(1000);
  });

  it('changes only with the current PIN as well as the password', async () => {
    const actor = await customerWithPin(0);
    const without = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: '5831', password: actor.password },
    });
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ current_pin: ['Enter your current wallet PIN.'] });
    const wrong = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: '5831', password: actor.password, current_pin: '0000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_pin[0]).toMatch(/^Wrong PIN\. 4 attempts left/);
    const changed = await call(t, 'POST', '/api/wallet/pin', {
      token: actor.token,
      body: { pin: '5831', password: actor.password, current_pin: PIN },
    });
    expect(changed.status).toBe(200);
    await fund(actor, 200);
    expect((await buyAirtime(actor, PIN)).status).toBe(422);
    expect((await buyAirtime(actor, '5831')).status).toBe(201);
  });

  it('counts a wrong current PIN on a change toward the same lock as spends: the fifth in a row is 423', async () => {
    const actor = await customerWithPin(500);
    // Two wrong on payments, three on changes: five in a row across both.
    for (let i = 0; i < 2; i++) expect((await buyAirtime(actor, '1111')).status).toBe(422);
    const change = (currentPin: string) =>
      call(t, 'POST', '/api/wallet/pin', {
        token: actor.token,
        body: { pin: '5831', password: actor.password, current_pin: currentPin },
      });
    expect((await change('0000')).body.errors.current_pin).toEqual([
      'Wrong PIN. 2 attempts left before wallet payments are locked for 30 minutes.',
    ]);
    expect((await change('0000')).status).toBe(422);
    const fifth = await change('0000');
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('wallet_locked');
    // Locked: the right PIN changes nothing and pays for nothing.
    expect((await change(PIN)).status).toBe(423);
    expect((await buyAirtime(actor, PIN)).status).toBe(423);
    expect((await walletOf(actor)).balance).toBe(500);
  });

  it('is reset by the e-mailed link plus the password, which also lifts a lock; the link works once', async () => {
    const actor = await customerWithPin(500);
    for (let i = 0; i < 5; i++) await buyAirtime(actor, '0001');
    expect((await buyAirtime(actor, PIN)).status).toBe(423);

    const requested = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({
      message: 'We sent a link to your e-mail address. It works for 30 minutes.',
      data: { sent_to: 'email' },
    });
    const mail = (await listOutbox(t.db)).find((m) => m.to === actor.user.email && m.subject.includes('wallet PIN'));
    const token = decodeURIComponent(mail!.text.match(/\/wallet\/pin\/reset\?token=([^\s"&]+)/)![1]!);

    const wrongPassword = await call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { token, pin: '8642', password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toEqual({ password: ['The password is incorrect.'] });
    const reset = await call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { token, pin: '8642', password: actor.password },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await walletOf(actor)).pin_locked_until).toBeNull();
    expect((await buyAirtime(actor, '8642')).status).toBe(201);

    const again = await call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { token, pin: '7391', password: actor.password },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual(['This reset link is invalid or has expired. Ask for a new one.']);
  });

  it('sends nothing, and says why, when neither the e-mail nor the phone is verified', async () => {
    const actor = await customerWithPin(0);
    await unverify(actor, { emailVerifiedAt: null, phoneVerifiedAt: null });
    const mails = (await listOutbox(t.db)).length;
    const texts = (await smsOutbox(t)).length;
    const res = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: [
        'Verify your e-mail address or your phone number first: a PIN reset goes only to a verified address or phone.',
      ],
    });
    expect(await listOutbox(t.db)).toHaveLength(mails);
    expect(await smsOutbox(t)).toHaveLength(texts);
  });

  it("does not accept another customer's reset link", async () => {
    const owner = await customerWithPin(0);
    const other = await customerWithPin(0);
    await call(t, 'POST', '/api/wallet/pin/reset-request', { token: owner.token });
    const mail = (await listOutbox(t.db)).find((m) => m.to === owner.user.email && m.subject.includes('wallet PIN'));
    const token = decodeURIComponent(mail!.text.match(/\/wallet\/pin\/reset\?token=([^\s"&]+)/)![1]!);
    const res = await call(t, 'POST', '/api/wallet/pin/reset', {
      token: other.token,
      body: { token, pin: '7391', password: other.password },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.token).toBeDefined();
  });
});

describe('wallet PIN reset by SMS code (e-mail not verified, phone verified)', () => {
  const CODE_INVALID = 'This code is not valid or has expired. Ask for a new one.';
  const USED_UP = 'Too many wrong codes. Ask for a new one.';

  /** A customer with a PIN whose e-mail is unproven and phone proven, who asked for a reset. */
  async function requestedByPhone(naira = 0) {
    const actor = await customerWithPin(naira);
    await unverify(actor, { emailVerifiedAt: null });
    const mails = (await listOutbox(t.db)).filter((m) => m.subject === 'Reset your Ruwa wallet PIN').length;
    const requested = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body).toEqual({
      message: `We sent a 6-digit code to your phone ending in ${actor.user.phoneNumber.slice(-4)}. It works once, for 30 minutes.`,
      data: { sent_to: 'phone' },
    });
    // No link went to the unproven address.
    expect((await listOutbox(t.db)).filter((m) => m.subject === 'Reset your Ruwa wallet PIN')).toHaveLength(mails);
    const code = (await latestSmsCode(t, actor.user.phoneNumber))!;
    expect(code).toMatch(/^\d{6}$/);
    return { actor, code };
  }

  const resetWith = (actor: Actor, body: Record<string, string>) =>
    call(t, 'POST', '/api/wallet/pin/reset', {
      token: actor.token,
      body: { pin: '8642', password: actor.password, ...body },
    });

  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('texts a code that, with the password, sets the new PIN, lifts a lock, holds withdrawals and tells the owner', async () => {
    const { actor, code } = await requestedByPhone(500);
    for (let i = 0; i < 5; i++) await buyAirtime(actor, '0001');
    expect((await buyAirtime(actor, PIN)).status).toBe(423);
    const [sms] = await smsOutbox(t);
    expect(sms!.text).toBe(
      `Your Ruwa wallet PIN reset code is ${code}. It works once, for 30 minutes. Do not share it with anyone.`,
    );
    // Stored only as a hash bound to the account: neither the code nor its bare SHA-256.
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.resetTokenHash).not.toBe(sha256(code));
    expect(row!.resetExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const wrongPassword = await resetWith(actor, { code, password: 'not-my-password' });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toEqual({ password: ['The password is incorrect.'] });
    const reset = await resetWith(actor, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data).toEqual({ pin_set: true });
    expect((await walletOf(actor)).pin_locked_until).toBeNull();
    expect((await buyAirtime(actor, '8642')).status).toBe(201);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.pin_reset'), eq(auditLog.entityId, String(actor.user.id))));
    expect(entry!.after).toEqual({ by: 'sms_code' });
    const cooldowns = await t.db
      .select()
      .from(withdrawalCooldowns)
      .where(eq(withdrawalCooldowns.userId, actor.user.id));
    expect(cooldowns.map((c) => c.reason)).toEqual(['pin_reset']);
    const notifications = (await call(t, 'GET', '/api/notifications/me', { token: actor.token })).body.data.data as {
      title: string;
      description: string;
    }[];
    expect(notifications.find((n) => n.title === 'Your wallet PIN was reset')?.description).toContain(
      'was reset with a code we sent to your phone.',
    );
  });

  it('uses a code once', async () => {
    const { actor, code } = await requestedByPhone();
    expect((await resetWith(actor, { code })).status).toBe(200);
    const again = await resetWith(actor, { code, pin: '7391' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: [CODE_INVALID] });
    expect(
      (
        await call(t, 'POST', '/api/wallet/pin', {
          token: actor.token,
          body: { pin: '5831', password: actor.password, current_pin: '8642' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a wrong code on `code`, counting the tries: after five wrong ones the right code is dead too', async () => {
    const { actor, code } = await requestedByPhone();
    const [before] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    const pinHashBefore = before!.pinHash;
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 1; left--) {
      const res = await resetWith(actor, { code: wrong });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        code: [`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`],
      });
    }
    const fifth = await resetWith(actor, { code: wrong });
    expect(fifth.body.errors).toEqual({ code: [USED_UP] });
    const right = await resetWith(actor, { code });
    expect(right.status).toBe(422);
    expect(right.body.errors).toEqual({ code: [USED_UP] });
    // The PIN is as it was; a new request (a minute later) starts a new code with five tries of its own.
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.pinHash).toBe(pinHashBefore);
    await sentMinutesAgo(actor, 2);
    expect((await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token })).status).toBe(200);
    const fresh = (await latestSmsCode(t, actor.user.phoneNumber))!;
    expect((await resetWith(actor, { code: wrongCodeFor(fresh) })).body.errors).toEqual({
      code: ['That code is not right. 4 tries left.'],
    });
    expect((await resetWith(actor, { code: fresh })).status).toBe(200);
  });

  it('sends a minute apart and five a day at most, counted under the PIN row lock; a refused request replaces nothing', async () => {
    const { actor, code } = await requestedByPhone();
    const texts = async () =>
      (await smsOutbox(t)).filter((sms) => sms.to === actor.user.phoneNumber.replace(/^\+/, ''));
    const soon = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(soon.status).toBe(429);
    expect(soon.headers['retry-after']).toMatch(/^\d+$/);
    expect(soon.body.message).toMatch(/^Please wait \d+ seconds? before asking for another code\.$/);
    expect(await texts()).toHaveLength(1);

    // Four more, each a minute after the last, make five in 24 hours; requests at once send one.
    for (let sent = 1; sent < 5; sent++) {
      await sentMinutesAgo(actor, 2);
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 429, 429]);
    }
    expect(await texts()).toHaveLength(5);
    await sentMinutesAgo(actor, 2);
    const sixth = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(
      /^You have asked for 5 codes in the last 24 hours\. Try again in about \d+ hours?\.$/,
    );
    expect(await texts()).toHaveLength(5);

    // The last code sent still works: the refusals replaced nothing.
    const last = (await latestSmsCode(t, actor.user.phoneNumber))!;
    expect(last).not.toBe(code);
    expect((await resetWith(actor, { code: last })).status).toBe(200);
  });

  it('counts wrong codes sent at once: no more than five are ever compared', async () => {
    const { actor, code } = await requestedByPhone();
    const wrong = wrongCodeFor(code);
    const answers = await Promise.all(Array.from({ length: 8 }, () => resetWith(actor, { code: wrong })));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(422));
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.resetAttempts).toBe(5);
    expect((await resetWith(actor, { code })).body.errors).toEqual({ code: [USED_UP] });
  });

  it('claims tries in one conditional statement: of twenty claimed at once, five get through', async () => {
    const { actor } = await requestedByPhone();
    const claims = await Promise.all(Array.from({ length: 20 }, () => claimResetCodeTry(t.db, actor.user.id)));
    expect(
      claims
        .filter(Boolean)
        .map((claim) => claim!.attempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.resetAttempts).toBe(5);
  });

  it('does not count a try whose password is wrong', async () => {
    const { actor, code } = await requestedByPhone();
    for (let i = 0; i < 6; i++)
      expect((await resetWith(actor, { code: wrongCodeFor(code), password: 'not-my-password' })).status).toBe(422);
    expect((await resetWith(actor, { code })).status).toBe(200);
  });

  it("takes exactly one of a link's token and a code, and never a token shaped like a code's hash", async () => {
    const { actor, code } = await requestedByPhone();
    const both = await resetWith(actor, { code, token: 'abc' });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({
      code: ['Send the code from the SMS or the token from the e-mailed link, not both.'],
    });
    const neither = await resetWith(actor, {});
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toEqual({ code: ['Enter the 6-digit code we sent by SMS.'] });
    // The string a code's hash is made of, sent as a link's token, would skip the count of tries.
    const disguised = await resetWith(actor, { token: `wallet-pin-reset:${actor.user.id}:${code}` });
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors).toEqual({ token: ['This reset link is not valid.'] });
    // A code is not a link: sent as a token it matches nothing.
    const asToken = await resetWith(actor, { token: code });
    expect(asToken.body.errors).toEqual({ token: ['This reset link is invalid or has expired. Ask for a new one.'] });
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(row!.resetAttempts).toBe(0);
    expect((await resetWith(actor, { code })).status).toBe(200);
  });

  it("refuses a code once its 30 minutes are over, and another customer's code", async () => {
    const { actor, code } = await requestedByPhone();
    const other = await customerWithPin(0);
    await unverify(other, { emailVerifiedAt: null });
    expect((await call(t, 'POST', '/api/wallet/pin/reset-request', { token: other.token })).status).toBe(200);
    expect((await resetWith(other, { code })).status).toBe(422);

    await t.db
      .update(walletPins)
      .set({ resetExpiresAt: new Date(Date.now() - 1000) })
      .where(inArray(walletPins.userId, [actor.user.id]));
    const expired = await resetWith(actor, { code });
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual({ code: [CODE_INVALID] });
  });

  it('sends a link, not a code, while the e-mail is verified', async () => {
    const actor = await customerWithPin(0);
    const texts = (await smsOutbox(t)).length;
    const requested = await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token });
    expect(requested.body.data).toEqual({ sent_to: 'email' });
    expect(await smsOutbox(t)).toHaveLength(texts);
    const [row] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    // A code cannot match a link's hash: the million codes all hash differently from a token.
    expect((await resetWith(actor, { code: '123456' })).body.errors.code).toBeDefined();
    const [after] = await t.db.select().from(walletPins).where(eq(walletPins.userId, actor.user.id));
    expect(after!.resetTokenHash).toBe(row!.resetTokenHash);
  });
});
