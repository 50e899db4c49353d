import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { journalLines, moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { SANDBOX_FAILING_REFUND_NOTE } from '../../platform/paystack/sandbox-refunds';
import { auditLog } from '../audit/schema';
import { ledgerJournals } from '../ledger/schema';
import { ledgerViolations, trialBalance } from '../ledger/service';
import { webhookEvents } from '../payments/schema';
import { ledgerEntries } from '../wallet/schema';
import { credit } from '../wallet/service';
import { retryCardRefunds } from '../payments/card-refunds';
import { cardRefunds } from '../payments/schema';
import { orders } from './schema';

let t: TestApp;
let admin: Actor;
let location: { id: number };
let product: { id: number };
const PRICE = 400;
const FEE = 200;
const AMOUNT_KOBO = (2 * PRICE + FEE) * 100;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  location = await createLocation(t, admin.token, { delivery_fee: FEE });
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  product = await createProduct(t, admin.token, {
    product_category: water.id,
    locations: [{ id: location.id, product_location_price: PRICE }],
  });
});
afterAll(() => t.close());

const purchase = (paymentMethod: 'card' | 'wallet') => ({
  product_id: product.id,
  location_id: location.id,
  quantity: 2,
  recipient_address: '5 Bourdillon Road, Ikoyi',
  payment_method: paymentMethod,
});

async function cardPaidOrder() {
  const customer = await createUser(t, { firstName: 'Ada' });
  const reference = await sandboxCharge(t, { amountKobo: AMOUNT_KOBO, email: customer.user.email });
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: { ...purchase('card'), transaction_id: reference },
  });
  expect(res.status).toBe(201);
  expect(res.body.data.order_amount).toBe(AMOUNT_KOBO / 100);
  return { customer, order: res.body.data as { id: number }, reference };
}

const cancelToCard = (customer: Actor, id: number) =>
  call(t, 'POST', '/api/product-order/cancel', { token: customer.token, body: { id, refund_to: 'card' } });
const refundRow = async (orderId: number) =>
  (await t.db.select().from(cardRefunds).where(eq(cardRefunds.orderId, orderId)))[0]!;
const balance = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;
const journalsOf = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, `order:${orderId}`))
  )
    .map((j) => j.kind)
    .sort();
/** The postings of the order's journal of this kind, as { account: kobo } (debit positive). */
const postingsOf = (orderId: number, kind: string) => journalLines(t.db, `order:${orderId}`, kind);
const walletRefunds = (orderId: number) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'refund'), eq(ledgerEntries.reference, `order:${orderId}`)));
/** Card refunds in transit (an empty account reads 0, never -0). */
const inTransit = async () => (await trialBalance(t.db)).accounts.find((a) => a.code === '2310')?.balance_kobo ?? 0;

/** Waits until the order's card refund has been settled by Paystack's webhook. */
const settled = (orderId: number, status: 'processed' | 'failed') =>
  eventually(async () => {
    const row = await refundRow(orderId);
    return row.status === status ? row : undefined;
  });

/** Posts a Paystack event to our webhook, signed as Paystack signs it. */
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

/** Every webhook received so far has been handled. */
const webhooksDone = () =>
  eventually(async () => {
    const open = (await t.db.select().from(webhookEvents)).filter((e) => !e.processedAt);
    return open.length ? undefined : true;
  });

async function expectBooksBalanced() {
  expect(await ledgerViolations(t.db)).toEqual([]);
  expect(await moneyViolations(t.db)).toEqual([]);
}

describe('refunds to the card', () => {
  it('asks Paystack once, refunds the order, and settles on refund.processed; replays change nothing', async () => {
    const { customer, order, reference } = await cardPaidOrder();
    const refund = vi.spyOn(t.ctx.paystack, 'refund');
    try {
      const [first, second] = await Promise.all([cancelToCard(customer, order.id), cancelToCard(customer, order.id)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.message, second.body.message].sort()).toEqual([
        'This order was already cancelled',
        'Your order has been cancelled and the money goes back to your card in 3–5 working days',
      ]);
      const again = await cancelToCard(customer, order.id);
      expect(again.body.message).toBe('This order was already cancelled');
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund.mock.calls[0]![0]).toMatchObject({ reference, amountKobo: AMOUNT_KOBO });
    } finally {
      refund.mockRestore();
    }

    const shown = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(shown.body.data.status).toBe('refunded');
    expect(shown.body.data.history.at(-1)).toMatchObject({
      status: 'refunded',
      from_status: 'cancelled',
      note: '₦1,000 back to the card (3–5 working days)',
    });
    const notes = await call(t, 'GET', '/api/notifications/me', { token: customer.token });
    expect(notes.body.data.data.map((n: { description: string }) => n.description)).toContain(
      '₦1,000 for 2 x ' + shown.body.data.product_name + ' goes back to your card in 3–5 working days.',
    );

    const done = await settled(order.id, 'processed');
    expect(done.providerRefundId).toBeTruthy();
    const after = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(after.body.data.card_refund).toEqual({ status: 'processed', amount: 1_000 });
    expect(await journalsOf(order.id)).toEqual(['card_refund', 'card_refund_settled']);
    // The sale given back (its fee from delivery fee revenue), owed in transit, then paid by Paystack.
    expect(await postingsOf(order.id, 'card_refund')).toEqual({
      '4900': 2 * PRICE * 100,
      '4300': FEE * 100,
      '2310': -AMOUNT_KOBO,
    });
    expect(await postingsOf(order.id, 'card_refund_settled')).toEqual({ '2310': AMOUNT_KOBO, '1100': -AMOUNT_KOBO });
    expect(await walletRefunds(order.id)).toHaveLength(0);
    expect(await balance(customer)).toBe(0);
    expect(await inTransit()).toBe(0);
    await eventually(async () => ((await moneyViolations(t.db, { settled: true })).length ? undefined : true));
    await expectBooksBalanced();

    await replayWebhook('refund.processed', done.providerRefundId!);
    // A contradicting late event for a refund already settled changes nothing either.
    await sendWebhook({
      event: 'refund.failed',
      data: {
        id: Number(done.providerRefundId),
        status: 'failed',
        transaction_reference: reference,
        amount: AMOUNT_KOBO,
      },
    });
    await webhooksDone();
    expect(await journalsOf(order.id)).toEqual(['card_refund', 'card_refund_settled']);
    expect((await refundRow(order.id)).status).toBe('processed');
    expect(await balance(customer)).toBe(0);
    await expectBooksBalanced();
  });

  it('puts the money in the wallet once when the card refund fails, with a notification', async () => {
    const { customer, order } = await cardPaidOrder();
    const original = t.ctx.paystack.refund.bind(t.ctx.paystack);
    const refund = vi
      .spyOn(t.ctx.paystack, 'refund')
      .mockImplementationOnce((input) => original({ ...input, merchantNote: SANDBOX_FAILING_REFUND_NOTE }));
    try {
      expect((await cancelToCard(customer, order.id)).status).toBe(200);
    } finally {
      refund.mockRestore();
    }
    const pending = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(pending.body.data.card_refund?.status).toMatch(/pending|failed/);
    const failed = await settled(order.id, 'failed');
    expect(await balance(customer)).toBe(AMOUNT_KOBO / 100);
    expect(await walletRefunds(order.id)).toHaveLength(1);
    const shown = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(shown.body.data.card_refund).toEqual({ status: 'failed', amount: 1_000 });
    const notes = await call(t, 'GET', '/api/notifications/me', { token: customer.token });
    expect(notes.body.data.data[0]).toMatchObject({
      title: `Order #${order.id}: refund in your wallet`,
      description: 'Your card could not take the refund, so ₦1,000 is in your Ruwa wallet instead.',
    });
    expect(await inTransit()).toBe(0);

    await replayWebhook('refund.failed', failed.providerRefundId!);
    await webhooksDone();
    expect(await balance(customer)).toBe(AMOUNT_KOBO / 100);
    expect(await walletRefunds(order.id)).toHaveLength(1);
    expect(await journalsOf(order.id)).toEqual(['card_refund', 'refund']);
    await expectBooksBalanced();
  });

  it('keeps the order refunded when Paystack cannot be reached, and the job asks again later', async () => {
    const { customer, order } = await cardPaidOrder();
    const refund = vi.spyOn(t.ctx.paystack, 'refund').mockRejectedValueOnce(new Error('Paystack is down'));
    try {
      expect((await cancelToCard(customer, order.id)).status).toBe(200);
    } finally {
      refund.mockRestore();
    }
    const waiting = await refundRow(order.id);
    expect(waiting).toMatchObject({ status: 'requested', attempts: 1, lastError: 'Paystack is down' });
    // Not before the first claim is minutes old; then once.
    expect(await retryCardRefunds(t.ctx)).toBe(0);
    expect(await retryCardRefunds(t.ctx, new Date(Date.now() + 6 * 60_000))).toBe(1);
    await settled(order.id, 'processed');
    expect(await inTransit()).toBe(0);
    await expectBooksBalanced();
  });

  it('settles a refund whose webhook arrives before Paystack’s answer to our request', async () => {
    const { customer, order } = await cardPaidOrder();
    const original = t.ctx.paystack.refund.bind(t.ctx.paystack);
    let answered: string | undefined;
    const refund = vi.spyOn(t.ctx.paystack, 'refund').mockImplementationOnce(async (input) => {
      const answer = await original(input);
      // Held back until the webhook has been handled, as a slow network would.
      await settled(order.id, 'processed');
      answered = answer.id;
      return answer;
    });
    try {
      expect((await cancelToCard(customer, order.id)).status).toBe(200);
    } finally {
      refund.mockRestore();
    }
    expect(await refundRow(order.id)).toMatchObject({ status: 'processed', providerRefundId: answered });
    expect(await journalsOf(order.id)).toEqual(['card_refund', 'card_refund_settled']);
    await expectBooksBalanced();
  });

  it('refuses a refund to the card for an order paid from the wallet', async () => {
    const customer = await createUser(t);
    await t.db.transaction((tx) =>
      credit(tx, customer.user.id, {
        amountKobo: AMOUNT_KOBO,
        // A support credit: a deposit would need a payment Paystack really took.
        type: 'adjustment',
        reference: `seed-${customer.user.id}`,
        description: 'test',
      }),
    );
    const placed = await call(t, 'POST', '/api/product-order/store', {
      token: customer.token,
      body: purchase('wallet'),
    });
    expect(placed.status).toBe(201);
    const res = await cancelToCard(customer, placed.body.data.id);
    expect(res.status).toBe(422);
    expect(res.body.errors.refund_to).toEqual(['Paid from the wallet: the refund goes back to the wallet.']);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.body.data.id));
    expect(row!.status).toBe('paid');
  });
});

describe('an admin cancelling a card-paid order', () => {
  it('may send the refund to the card (audited), and it settles the same way', async () => {
    const { customer, order } = await cardPaidOrder();
    const res = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: order.id, status: 'cancelled', note: 'Out of stock in Lekki', refund_to: 'card' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('refunded');
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cancel'), eq(auditLog.entityId, String(order.id))));
    expect(audited?.after).toMatchObject({ refund_to: 'card', reason: 'Out of stock in Lekki' });
    await settled(order.id, 'processed');
    expect(await balance(customer)).toBe(0);
    await expectBooksBalanced();
  });
});
