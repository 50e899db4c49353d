import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually } from '../../../test/helpers/payments';
import { sandboxPaystackDedicatedAccounts } from '../../platform/paystack/schema';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { webhookEvents } from '../payments/schema';
import * as payments from '../payments/service';
import { ledgerEntries, virtualAccounts } from './schema';

// Watched, so a test can wait for a repeated delivery to have been dealt with: a repeat changes nothing
// in the database that could be waited for instead.
vi.mock('../payments/service', async (importOriginal) => {
  const actual = await importOriginal<typeof payments>();
  return { ...actual, recordWebhook: vi.fn(actual.recordWebhook), processWebhook: vi.fn(actual.processWebhook) };
});

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;

async function accountOf(actor: Actor) {
  const res = await call(t, 'GET', '/api/wallet/virtual-account', { token: actor.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { bank_name: string; account_number: string; account_name: string };
}

/** A bank transfer into the account, through the sandbox, as a bank customer would send it. */
async function transferIn(accountNumber: string, amountKobo: number, reference?: string) {
  const res = await call(t, 'POST', '/sandbox/paystack/test/transfer-in', {
    body: { account_number: accountNumber, amount: amountKobo, ...(reference ? { reference } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.reference as string;
}

const processed = (reference: string) =>
  eventually(async () => {
    const [row] = await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.event, 'charge.success'), eq(webhookEvents.reference, reference)));
    return row?.processedAt ? row : undefined;
  });

/**
 * Waits until `count` deliveries of the reference's charge.success have reached the event log and
 * each one the log handed on for processing has been processed.
 */
const deliveriesHandled = (reference: string, count: number) =>
  eventually(async () => {
    const recorded = vi.mocked(payments.recordWebhook).mock;
    const answers = recorded.settledResults.filter((_, i) => {
      const [, event, payload] = recorded.calls[i]!;
      return event === 'charge.success' && (payload.data as { reference?: string }).reference === reference;
    });
    if (answers.length < count || answers.some((answer) => answer.type !== 'fulfilled')) return undefined;
    const handedOn = answers.map((answer) => answer.value as number | null).filter((id) => id !== null);
    // A repeat handed on has the first delivery's id: each one handed on needs a processing of its own.
    const processing = vi.mocked(payments.processWebhook).mock;
    const processed = processing.calls.filter(
      ([, id], i) => handedOn.includes(id) && processing.settledResults[i]?.type === 'fulfilled',
    );
    return processed.length >= handedOn.length ? true : undefined;
  });

const depositsFor = (reference: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'deposit'), eq(ledgerEntries.reference, reference)));

describe('GET /api/wallet/virtual-account', () => {
  it("opens the customer's own bank account with Paystack once, and answers the same one after", async () => {
    const actor = await createUser(t);
    const first = await accountOf(actor);
    expect(first.bank_name).toBe('Wema Bank');
    expect(first.account_number).toMatch(/^\d{10}$/);
    expect(first.account_name).toBe(`RUWA/${actor.user.firstName} ${actor.user.lastName}`.toUpperCase());
    expect(await accountOf(actor)).toEqual(first);
    // One account on each side: ours, and Paystack's (the sandbox's).
    expect(await t.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, actor.user.id))).toHaveLength(1);
    const [stored] = await t.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, actor.user.id));
    expect(
      await t.db
        .select()
        .from(sandboxPaystackDedicatedAccounts)
        .where(eq(sandboxPaystackDedicatedAccounts.customerCode, stored!.customerCode)),
    ).toHaveLength(1);
  });

  it('gives two first requests at once the same account', async () => {
    const actor = await createUser(t);
    const [a, b] = await Promise.all([accountOf(actor), accountOf(actor)]);
    expect(a).toEqual(b);
    expect(await t.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, actor.user.id))).toHaveLength(1);
  });

  it('is refused to a customer whose phone number is not verified (403), and to no one signed out (401)', async () => {
    const actor = await createUser(t, { verified: false });
    const res = await call(t, 'GET', '/api/wallet/virtual-account', { token: actor.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'Verify your phone number to get a bank account for transfers.',
      code: 'phone_unverified',
    });
    expect(await t.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, actor.user.id))).toHaveLength(0);
    expect((await call(t, 'GET', '/api/wallet/virtual-account')).status).toBe(401);
  });
});

describe('a bank transfer into the account', () => {
  it('credits the wallet once, from the signed charge.success on the dedicated_nuban channel', async () => {
    const actor = await createUser(t);
    const { account_number: accountNumber } = await accountOf(actor);
    const reference = await transferIn(accountNumber, 2_500_00);
    await processed(reference);
    expect(await balanceOf(actor)).toBe(2500);
    const [entry] = await depositsFor(reference);
    expect(entry).toMatchObject({ amountKobo: 2_500_00, description: 'Bank transfer', status: 'success' });
    const notifications = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(JSON.stringify(notifications.body)).toContain('Bank transfer received');

    // Paystack retrying the same transfer's webhook (same reference) credits nothing more.
    await transferIn(accountNumber, 2_500_00, reference);
    await deliveriesHandled(reference, 2);
    expect(await balanceOf(actor)).toBe(2500);
    expect(await depositsFor(reference)).toHaveLength(1);
  });

  it('credits nothing more when the same signed event is delivered again, even at the same time', async () => {
    const actor = await createUser(t);
    const { account_number: accountNumber } = await accountOf(actor);
    const reference = await transferIn(accountNumber, 1_000_00);
    await processed(reference);
    const [event] = await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.event, 'charge.success'), eq(webhookEvents.reference, reference)));
    // The same signed body delivered three times at once: the event log runs it no more.
    const body = JSON.stringify(event!.payload);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY),
        },
        payload: body,
      });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await deliveriesHandled(reference, 4);
    // With the event log forgotten, the handler runs again: the ledger's unique reference still holds.
    await t.db.delete(webhookEvents).where(eq(webhookEvents.id, event!.id));
    expect((await post()).statusCode).toBe(200);
    await processed(reference);
    expect(await depositsFor(reference)).toHaveLength(1);
    expect(await balanceOf(actor)).toBe(1000);
    const notifications = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(JSON.stringify(notifications.body).match(/Bank transfer received/g)).toHaveLength(1);
  });

  it("credits the amount less Paystack's fee when the admin setting says the customer bears it", async () => {
    const actor = await createUser(t);
    const { account_number: accountNumber } = await accountOf(actor);
    const set = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { funding: { transfer_fee_bearer: 'customer' } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      // 1% of NGN 5,000 is NGN 50.
      const reference = await transferIn(accountNumber, 5_000_00);
      await processed(reference);
      expect(await balanceOf(actor)).toBe(4950);
      const [entry] = await depositsFor(reference);
      expect(entry!.description).toBe('Bank transfer (less ₦50 transfer fee)');
    } finally {
      await call(t, 'POST', '/api/admin/settings/update', {
        token: admin.token,
        body: { funding: { transfer_fee_bearer: 'platform' } },
      });
    }
  });

  it('credits nothing for a forged event that Paystack does not confirm', async () => {
    const actor = await createUser(t);
    const { account_number: accountNumber } = await accountOf(actor);
    const reference = `FORGED_${actor.user.id}`;
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        reference,
        status: 'success',
        amount: 9_000_00,
        currency: 'NGN',
        channel: 'dedicated_nuban',
        authorization: { receiver_bank_account_number: accountNumber },
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await processed(reference);
    expect(await balanceOf(actor)).toBe(0);
    expect(await depositsFor(reference)).toHaveLength(0);
  });

  it('says in the sandbox that a transfer-in amount is in kobo', async () => {
    for (const amount of [0, 12.5, 'five hundred']) {
      const res = await call(t, 'POST', '/sandbox/paystack/test/transfer-in', {
        body: { account_number: '0000000001', amount },
      });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('The amount is in kobo');
    }
  });

  it('answers 404 from the sandbox for an account Paystack never opened', async () => {
    const res = await call(t, 'POST', '/sandbox/paystack/test/transfer-in', {
      body: { account_number: '0000000001', amount: 100_00 },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: false, message: 'Dedicated account not found' });
  });
});
