import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, login, type Actor } from '../../../test/helpers/factories';
import { moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually } from '../../../test/helpers/payments';
import { addBankAccount, fundWallet, requestWithdrawal } from '../../../test/helpers/wallet';
import { listOutbox } from '../../platform/mail/mailer';
import { sandboxPaystackTransfers } from '../../platform/paystack/schema';
import { bankAccounts, withdrawalCooldowns } from './schema';

/** The cool-downs: which withdrawals are held, and what the owner is told. */
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());
// Held, released, cancelled or sent: the books balance after every test.
afterEach(async () => expect(await moneyViolations(t.db)).toEqual([]));

const HOUR = 3600_000;
const PIN = '2468';

const fund = (actor: Actor, naira: number) => fundWallet(t, actor, naira);
const addAccount = (actor: Actor, options?: Parameters<typeof addBankAccount>[2]) => addBankAccount(t, actor, options);
const withdraw = (actor: Actor, amount: number, bank: number, pin?: string) =>
  requestWithdrawal(t, actor, amount, bank, pin);

const walletOf = async (actor: Actor) => (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data;
const transferOf = async (reference: string) =>
  (await t.db.select().from(sandboxPaystackTransfers).where(eq(sandboxPaystackTransfers.reference, reference)))[0];
const mailTo = async (to: string, subject: string) =>
  eventually(async () => (await listOutbox(t.db, 200)).find((m) => m.to === to && m.subject === subject));
const notificationsOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/notifications/me', { token: actor.token })).body.data.data as {
    title: string;
    description: string;
  }[];

async function resetPinFromTheLink(actor: Actor) {
  expect(
    (await call(t, 'POST', '/api/wallet/pin', { token: actor.token, body: { pin: '1357', password: actor.password } }))
      .status,
  ).toBe(200);
  expect((await call(t, 'POST', '/api/wallet/pin/reset-request', { token: actor.token })).status).toBe(200);
  const mail = await mailTo(actor.user.email, 'Reset your Ruwa wallet PIN');
  const token = decodeURIComponent(mail.text.match(/\/wallet\/pin\/reset\?token=([^\s"&]+)/)![1]!);
  const reset = await call(t, 'POST', '/api/wallet/pin/reset', {
    token: actor.token,
    body: { token, pin: PIN, password: actor.password },
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
}

describe('after a PIN or password reset', () => {
  it('holds every withdrawal for 24 hours after the PIN is reset: set aside, not sent, shown with why and until when', async () => {
    const actor = await createUser(t);
    await fund(actor, 3000);
    const bank = await addAccount(actor, { ageHours: 48 });
    const before = Date.now();
    await resetPinFromTheLink(actor);

    const res = await withdraw(actor, 500, bank, PIN);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'held', hold_reason: 'pin_reset' });
    const until = Date.parse(res.body.data.held_until);
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(res.body.message).toMatch(/^Your wallet PIN was reset, so your withdrawal of ₦500 to .+ is held until .+\./);
    expect(res.body.data.wallet.balance).toBe(2500);
    expect(res.body.data.wallet.held_withdrawals).toEqual([
      {
        reference: res.body.data.reference,
        amount: 500,
        destination: expect.stringContaining('0123456789'),
        reason: 'pin_reset',
        held_until: res.body.data.held_until,
        created_at: expect.any(String),
      },
    ]);
    // The statement shows it held; the bank was never asked.
    const [line] = (await call(t, 'GET', '/api/wallet-transactions/me', { token: actor.token })).body.data.data;
    expect(line).toMatchObject({ type: 'withdrawal', status: 'held', amount: 500, direction: 'debit' });
    expect(await transferOf(res.body.data.reference)).toBeUndefined();
  });

  it('tells the owner by e-mail and in the app when the PIN is set and when it is reset', async () => {
    const actor = await createUser(t);
    await resetPinFromTheLink(actor);
    expect((await mailTo(actor.user.email, 'Ruwa: Your wallet PIN was set')).text).toContain(
      'A PIN now protects payments and withdrawals from your Ruwa wallet.',
    );
    const reset = await mailTo(actor.user.email, 'Ruwa: Your wallet PIN was reset');
    expect(reset.text).toContain(
      'For the next 24 hours, every withdrawal from your wallet is held before it is sent, and you can cancel it in the app.',
    );
    expect((await notificationsOf(actor)).map((n) => n.title)).toEqual(
      expect.arrayContaining(['Your wallet PIN was set', 'Your wallet PIN was reset']),
    );
  });

  it('holds every withdrawal for 24 hours after the password is reset, and says so in the reset alert', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const bank = await addAccount(actor, { ageHours: 48 });
    await call(t, 'POST', '/api/auth/password/request/reset', { body: { email: actor.user.email } });
    const link = await mailTo(actor.user.email, 'Reset your Ruwa password');
    const token = decodeURIComponent(link.text.match(/\/auth\/change-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { token, new_password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);
    const signedIn = { ...actor, token: await login(t, actor.user.email, 'brand-new-pass-1') };

    const res = await withdraw(signedIn, 300, bank);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'held', hold_reason: 'password_reset' });
    expect(res.body.message).toMatch(/^Your password was reset, so your withdrawal of ₦300 /);
    expect(await transferOf(res.body.data.reference)).toBeUndefined();
    expect((await mailTo(actor.user.email, 'Ruwa: Your password was reset')).text).toContain(
      'every withdrawal from your wallet is held before it is sent',
    );
  });

  it('holds nothing once the 24 hours are over, nor after a signed-in password change', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const bank = await addAccount(actor, { ageHours: 48 });
    await resetPinFromTheLink(actor);
    expect((await withdraw(actor, 100, bank, PIN)).body.data.status).toBe('held');
    // The reset's day is over (moved into the past rather than waited for).
    await t.db
      .update(withdrawalCooldowns)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(withdrawalCooldowns.userId, actor.user.id));
    expect((await withdraw(actor, 100, bank, PIN)).body.data.status).toBe('pending');

    const changed = await call(t, 'POST', '/api/auth/password/change', {
      token: actor.token,
      body: {
        current_password: actor.password,
        new_password: 'another-pass-22',
        confirm_password: 'another-pass-22',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await withdraw(actor, 200, bank, PIN);
    expect(res.body.data).toMatchObject({ status: 'pending', hold_reason: null, held_until: null });
    expect(res.body.message).toBe('Withdrawal request have been submitted');
    await eventually(async () => (await transferOf(res.body.data.reference)) ?? undefined);
  });
});

describe('a new bank account', () => {
  it('holds withdrawals to it above the admins’ amount (₦20,000 by default) for 24 hours from when it was saved', async () => {
    const actor = await createUser(t);
    await fund(actor, 50_000);
    const bank = await addAccount(actor);
    const [saved] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, bank));

    const above = await withdraw(actor, 20_000.01, bank);
    expect(above.status).toBe(200);
    expect(above.body.data).toMatchObject({ status: 'held', hold_reason: 'new_bank_account' });
    expect(Date.parse(above.body.data.held_until)).toBe(saved!.createdAt.getTime() + 24 * HOUR);
    expect(above.body.message).toMatch(/^This bank account is new, so your withdrawal of ₦20,000\.01 /);
    expect(await transferOf(above.body.data.reference)).toBeUndefined();

    const atTheAmount = await withdraw(actor, 20_000, bank);
    expect(atTheAmount.body.data).toMatchObject({ status: 'pending', hold_reason: null });
    await eventually(async () => (await transferOf(atTheAmount.body.data.reference)) ?? undefined);
    expect((await walletOf(actor)).balance).toBe(9_999.99);
  });

  it('holds nothing to an account saved more than 24 hours ago, and follows the amount the admins set', async () => {
    const actor = await createUser(t);
    await fund(actor, 60_000);
    const old = await addAccount(actor, { ageHours: 25 });
    expect((await withdraw(actor, 30_000, old)).body.data.status).toBe('pending');

    const refused = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { withdrawals: { new_account_hold_above: -1 } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['withdrawals.new_account_hold_above']).toEqual([
      'The amount held for new bank accounts may not be negative.',
    ]);
    const set = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { withdrawals: { new_account_hold_above: 1000 } },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.withdrawals).toMatchObject({ new_account_hold_above: 1000 });
    try {
      const fresh = await addAccount(actor, { accountNumber: '0123456780' });
      expect((await withdraw(actor, 1500, fresh)).body.data.status).toBe('held');
      expect((await withdraw(actor, 1000, fresh)).body.data.status).toBe('pending');
    } finally {
      await call(t, 'POST', '/api/admin/settings/update', {
        token: admin.token,
        body: { withdrawals: { new_account_hold_above: 20_000 } },
      });
    }
  });

  it('tells the owner the bank, the last four digits and the amount above which withdrawals to it are held', async () => {
    const actor = await createUser(t);
    await addAccount(actor, { accountNumber: '0123454321' });
    const mail = await mailTo(actor.user.email, 'Ruwa: A bank account was added');
    expect(mail.text).toContain(
      'The United Bank For Africa account ending in 4321 was added to your Ruwa wallet for withdrawals.',
    );
    expect(mail.text).toContain(
      'For the next 24 hours, withdrawals of more than ₦20,000 to it are held before they are sent.',
    );
    expect(mail.text).not.toContain('0123454321');
    const [note] = await notificationsOf(actor);
    expect(note).toMatchObject({ title: 'A bank account was added' });
    expect(note!.description).toContain('ending in 4321');
  });
});
