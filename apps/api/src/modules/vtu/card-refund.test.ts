import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { journalLines, moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { SANDBOX_FAILING_REFUND_NOTE } from '../../platform/paystack/sandbox-refunds';
import { ledgerJournals } from '../ledger/schema';
import { ledgerViolations, trialBalance } from '../ledger/service';
import { retryCardRefunds } from '../payments/card-refunds';
import { cardRefunds, webhookEvents } from '../payments/schema';
import { ledgerEntries } from '../wallet/schema';
import { credit } from '../wallet/service';
import { vtuPurchases } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const AMOUNT = 200;
const KOBO = AMOUNT * 100;
/** The VTU sandbox refuses every number ending 0000. */
const REFUSED_PHONE = '08030000000';

/** An airtime purchase paid by card that the network refused: refunded to the wallet at once. */
async function refusedCardPurchase(customer?: Actor) {
  const actor = customer ?? (await createUser(t));
  const reference = await sandboxCharge(t, { amountKobo: KOBO, email: actor.user.email });
  const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
    token: actor.token,
    body: { amount: AMOUNT, phone: REFUSED_PHONE, network_id: 'mtn', transaction_id: reference },
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ status: 'refunded', card_refund_available: true, card_refund: null });
  return { actor, id: res.body.data.id as number, reference };
}

const toCard = (actor: Actor, id: number) =>
  call(t, 'POST', '/api/vtu/card-refund', { token: actor.token, body: { id } });
const show = (actor: Actor, id: number) => call(t, 'GET', '/api/vtu/show', { token: actor.token, query: { id } });
const balance = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;
const refundRow = async (id: number) =>
  (await t.db.select().from(cardRefunds).where(eq(cardRefunds.vtuPurchaseId, id)))[0];
const settled = (id: number, status: 'processed' | 'failed') =>
  eventually(async () => {
    const row = await refundRow(id);
    return row?.status === status ? row : undefined;
  });
const journalsOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, `vtu:${id}`))
  )
    .map((j) => j.kind)
    .sort();
/** The postings of the purchase's journal of this kind, as { account: kobo } (debit positive). */
const postingsOf = (id: number, kind: string) => journalLines(t.db, `vtu:${id}`, kind);
const entriesOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `vtu:${id}`))
  )
    .map((e) => [e.type, Number(e.amountKobo)])
    .sort();
const inTransit = async () => (await trialBalance(t.db)).accounts.find((a) => a.code === '2310')?.balance_kobo ?? 0;

async function expectBooksBalanced() {
  expect(await ledgerViolations(t.db)).toEqual([]);
  expect(await moneyViolations(t.db)).toEqual([]);
}

async function sendWebhook(payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
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
}
/** Sends Paystack's stored event for this refund again. */
async function replayWebhook(event: string, refundId: string) {
  const [stored] = await t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.event, event), eq(webhookEvents.reference, refundId)));
  await sendWebhook(stored!.payload);
}
const webhooksDone = () =>
  eventually(async () => ((await t.db.select().from(webhookEvents)).some((e) => !e.processedAt) ? undefined : true));

describe('a refused card-paid purchase sent back to the card', () => {
  it('moves the wallet refund to the card once, however often it is asked, and settles on refund.processed', async () => {
    const { actor, id, reference } = await refusedCardPurchase();
    expect(await balance(actor)).toBe(AMOUNT);
    const refund = vi.spyOn(t.ctx.paystack, 'refund');
    try {
      const [first, second] = await Promise.all([toCard(actor, id), toCard(actor, id)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.message, second.body.message].sort()).toEqual([
        'The refund is on its way back to your card: it takes 3–10 working days',
        'This refund is already on its way back to your card',
      ]);
      expect(first.body.data).toMatchObject({ id, status: 'refunded', card_refund_available: false });
      expect(first.body.data.card_refund.amount).toBe(AMOUNT);
      expect((await toCard(actor, id)).status).toBe(200);
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund.mock.calls[0]![0]).toMatchObject({ reference, amountKobo: KOBO, merchantNote: `vtu:${id}` });
    } finally {
      refund.mockRestore();
    }
    expect(await balance(actor)).toBe(0);

    const done = await settled(id, 'processed');
    expect((await show(actor, id)).body.data.card_refund).toEqual({ status: 'processed', amount: AMOUNT });
    // Both paths in the books: the wallet refund, its move to the card, and Paystack paying it.
    expect(await journalsOf(id)).toEqual(['card_refund', 'card_refund_settled', 'refund']);
    expect(await postingsOf(id, 'refund')).toEqual({ '4900': KOBO, '2100': -KOBO });
    expect(await postingsOf(id, 'card_refund')).toEqual({ '2100': KOBO, '2310': -KOBO });
    expect(await postingsOf(id, 'card_refund_settled')).toEqual({ '2310': KOBO, '1100': -KOBO });
    expect(await entriesOf(id)).toEqual([
      ['card_refund', -KOBO],
      ['refund', KOBO],
    ]);
    expect(await inTransit()).toBe(0);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(notes.body.data.data[0]).toMatchObject({ title: 'Refund on your card' });
    await webhooksDone();
    expect(await moneyViolations(t.db, { settled: true })).toEqual([]);

    await replayWebhook('refund.processed', done.providerRefundId!);
    await webhooksDone();
    expect(await journalsOf(id)).toEqual(['card_refund', 'card_refund_settled', 'refund']);
    expect(await balance(actor)).toBe(0);
    await expectBooksBalanced();
  });

  it('puts the money back in the wallet once when the card refuses the refund', async () => {
    const { actor, id } = await refusedCardPurchase();
    const original = t.ctx.paystack.refund.bind(t.ctx.paystack);
    const refund = vi
      .spyOn(t.ctx.paystack, 'refund')
      .mockImplementationOnce((input) => original({ ...input, merchantNote: SANDBOX_FAILING_REFUND_NOTE }));
    try {
      expect((await toCard(actor, id)).status).toBe(200);
    } finally {
      refund.mockRestore();
    }
    const failed = await settled(id, 'failed');
    expect(await balance(actor)).toBe(AMOUNT);
    expect(await entriesOf(id)).toEqual([
      ['card_refund', -KOBO],
      ['refund', KOBO],
      ['reversal', KOBO],
    ]);
    expect(await postingsOf(id, 'reversal')).toEqual({ '2310': KOBO, '2100': -KOBO });
    expect(await inTransit()).toBe(0);
    const notes = await call(t, 'GET', '/api/notifications/me', { token: actor.token });
    expect(notes.body.data.data[0]).toMatchObject({
      title: 'Refund back in your wallet',
      description: 'Your card could not take the refund, so ₦200 is in your Ruwa wallet again.',
    });

    await replayWebhook('refund.failed', failed.providerRefundId!);
    await webhooksDone();
    expect(await balance(actor)).toBe(AMOUNT);
    const again = await toCard(actor, id);
    expect(again.status).toBe(422);
    expect(again.body.errors.id).toEqual([
      'Your card could not take this refund, so it is back in your wallet for good.',
    ]);
    expect((await show(actor, id)).body.data).toMatchObject({
      card_refund_available: false,
      card_refund: { status: 'failed', amount: AMOUNT },
    });
    await expectBooksBalanced();
  });

  it('keeps the refund asked for when Paystack cannot be reached, and the job asks again later', async () => {
    const { actor, id } = await refusedCardPurchase();
    const refund = vi.spyOn(t.ctx.paystack, 'refund').mockRejectedValueOnce(new Error('Paystack is down'));
    try {
      const res = await toCard(actor, id);
      expect(res.status).toBe(200);
      expect(res.body.data.card_refund.status).toBe('requested');
    } finally {
      refund.mockRestore();
    }
    expect(await refundRow(id)).toMatchObject({ status: 'requested', attempts: 1, lastError: 'Paystack is down' });
    expect(await balance(actor)).toBe(0);
    expect(await retryCardRefunds(t.ctx)).toBe(0);
    expect(await retryCardRefunds(t.ctx, new Date(Date.now() + 6 * 60_000))).toBe(1);
    await settled(id, 'processed');
    expect(await inTransit()).toBe(0);
    await expectBooksBalanced();
  });

  it('refuses a refund already partly spent, and changes nothing', async () => {
    const { actor, id } = await refusedCardPurchase();
    // ₦150 of the ₦200 refund spent on airtime from the wallet.
    const spent = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 150, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(spent.status).toBe(201);
    const res = await toCard(actor, id);
    expect(res.status).toBe(422);
    expect(res.body.errors.id).toEqual(['You have spent part of this refund; it can no longer go back to the card.']);
    expect(await refundRow(id)).toBeUndefined();
    expect(await balance(actor)).toBe(50);
    expect(await entriesOf(id)).toEqual([['refund', KOBO]]);
    await expectBooksBalanced();
  });

  it('refuses a wallet-paid purchase, a delivered one, one too old, and anyone else’s (404)', async () => {
    const actor = await createUser(t);
    await t.db.transaction((tx) =>
      credit(tx, actor.user.id, {
        amountKobo: 1_000_00,
        type: 'adjustment',
        reference: `seed-${actor.user.id}`,
        description: 'test',
      }),
    );
    const byWallet = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 100, phone: REFUSED_PHONE, network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(byWallet.body.data).toMatchObject({ status: 'refunded', card_refund_available: false });
    const walletPaid = await toCard(actor, byWallet.body.data.id);
    expect(walletPaid.status).toBe(422);
    expect(walletPaid.body.errors.id).toEqual([
      'This purchase was paid from your wallet, so its refund stays in your wallet.',
    ]);

    const reference = await sandboxCharge(t, { amountKobo: 150_00, email: actor.user.email });
    const delivered = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 150, phone: '08031234567', network_id: 'mtn', transaction_id: reference },
    });
    expect(delivered.body.data.status).toBe('delivered');
    const notRefunded = await toCard(actor, delivered.body.data.id);
    expect(notRefunded.status).toBe(422);
    expect(notRefunded.body.errors.id).toEqual([
      'Only a purchase the network refused, and refunded to your wallet, can go back to the card.',
    ]);

    const old = await refusedCardPurchase(actor);
    await t.db
      .update(vtuPurchases)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(vtuPurchases.id, old.id));
    expect((await show(actor, old.id)).body.data.card_refund_available).toBe(false);
    const tooOld = await toCard(actor, old.id);
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.errors.id).toEqual([
      'A refund can go back to the card only within 30 days of the purchase. It stays in your wallet.',
    ]);

    const mine = await refusedCardPurchase();
    const stranger = await toCard(actor, mine.id);
    expect(stranger.status).toBe(404);
    expect(await refundRow(mine.id)).toBeUndefined();
    expect((await toCard(actor, 0)).status).toBe(422);
    await expectBooksBalanced();
  });
});
