import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { addBankAccount, fundWallet, requestWithdrawal } from '../../../test/helpers/wallet';
import { listOutbox } from '../../platform/mail/mailer';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { webhookEvents } from '../payments/schema';
import { settleWithdrawal } from '../wallet/service';
import { sendReceiptMail, sendReceiptMails } from './receipt-mails';
import { receiptMailsDue } from './schema';

let t: TestApp;
let product: { id: number };
let location: { id: number };
const PRICE = 400;
const FEE = 200;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  const admin = await createAdmin(t);
  location = await createLocation(t, admin.token, { delivery_fee: FEE });
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  product = await createProduct(t, admin.token, {
    product_category: water.id,
    product_name: 'Pure water bag',
    locations: [{ id: location.id, product_location_price: PRICE }],
  });
});
afterAll(() => t.close());

/**
 * The receipts queued and not yet sent. The test sends them itself (the queue's own runner is not
 * started), so "no mail" is known for certain once the receipts queued so far have been sent.
 */
async function queuedFor(actor: Actor, kind: string) {
  const rows = await t.db.select({ receipt: receiptMailsDue.receipt }).from(receiptMailsDue);
  return rows.filter(({ receipt }) => {
    const queued = receipt as { userId: number; kind: string };
    return queued.userId === actor.user.id && queued.kind === kind;
  });
}

/** Waits for a receipt of `kind` to be queued (after a commit, maybe by a webhook), then sends every one queued. */
async function deliver(actor: Actor, kind: string, count = 1) {
  await eventually(async () => ((await queuedFor(actor, kind)).length >= count ? true : undefined));
  await runQueued();
}

const runQueued = () => sendReceiptMails(t.ctx);

const mailsTo = async (actor: Actor) => (await listOutbox(t.db, 500)).filter((m) => m.to === actor.user.email);
const receiptsTo = async (actor: Actor, subject: string) =>
  (await mailsTo(actor)).filter((m) => m.subject.startsWith(`Ruwa: ${subject}`));

async function buyAirtime(actor: Actor, phone: string, naira = 200) {
  const reference = await sandboxCharge(t, { amountKobo: naira * 100, email: actor.user.email });
  const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
    token: actor.token,
    body: { amount: naira, phone, network_id: 'mtn', transaction_id: reference },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { reference, purchase: res.body.data as { id: number; status: string } };
}

describe('receipt e-mails', () => {
  it('mails a card deposit once, with its TX reference, Lagos time, amount and the receipt link', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2500_00, email: actor.user.email });
    const first = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 2500, tx_id: reference },
    });
    expect(first.status).toBe(200);
    await deliver(actor, 'deposit');
    const txId = first.body.data.transaction.tx_id as string;
    expect(txId).toMatch(/^TX_/);

    // The same payment presented again (the client retrying, the webhook replayed) mails nothing more.
    const again = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 2500, tx_id: reference },
    });
    expect(again.status).toBe(200);
    await runQueued();
    const [mail, ...more] = await receiptsTo(actor, 'Money added to your wallet');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Ruwa: Money added to your wallet (${txId})`);
    expect(mail!.text).toContain(`Reference: ${txId}`);
    expect(mail!.text).toContain('Amount: ₦2,500');
    expect(mail!.text).toContain('Paid with: Card');
    expect(mail!.text).toContain('Status: Successful');
    expect(mail!.text).toMatch(/Date: .+ \(Lagos time\)/);
    expect(mail!.text).toContain(`${t.ctx.publicUrl}/receipts/${txId}`);
    expect(mail!.html).toContain(`href="${t.ctx.publicUrl}/receipts/${txId}"`);
  });

  it('a receipt job run twice sends one mail (the movement is claimed by its reference)', async () => {
    const actor = await createUser(t);
    const job = {
      userId: actor.user.id,
      kind: 'refund',
      reference: 'TX_REPLAYED_1',
      at: new Date().toISOString(),
      what: 'Refund: airtime',
      amountKobo: 100_00,
      feeKobo: 0,
      paidWith: 'Back to your Ruwa wallet',
      status: 'Refunded',
    };
    await sendReceiptMail(t.ctx, job);
    await sendReceiptMail(t.ctx, job);
    expect(await receiptsTo(actor, 'Refund issued')).toHaveLength(1);
  });

  it('mails a card-paid airtime purchase under its VTU reference, and its refund when the network refuses it', async () => {
    const actor = await createUser(t);
    const delivered = await buyAirtime(actor, '08031234567', 300);
    await deliver(actor, 'payment');
    const [receipt] = await receiptsTo(actor, 'Your payment receipt');
    expect(receipt!.subject).toBe(`Ruwa: Your payment receipt (VTU-${delivered.purchase.id})`);
    expect(receipt!.text).toContain('What: MTN airtime for 08031234567');
    expect(receipt!.text).toContain('Amount: ₦300');

    const refused = await buyAirtime(actor, '08030000000');
    expect(refused.purchase.status).toBe('refunded');
    await deliver(actor, 'refund');
    const [refund] = await receiptsTo(actor, 'Refund issued');
    expect(refund!.text).toContain(`(VTU-${refused.purchase.id})`);
    expect(refund!.text).toContain('Amount: ₦200');
    expect(refund!.text).toContain('Paid with: Back to your Ruwa wallet');
    expect(refund!.subject).toMatch(/\(TX_[A-Z0-9_]+\)$/);
  });

  it('mails a withdrawal when it is asked for and when the bank is paid, or when it fails', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 5000);
    const bank = await addBankAccount(t, actor, { ageHours: 48 });
    const res = await requestWithdrawal(t, actor, 1200, bank);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reference = res.body.data.reference as string;
    await settleWithdrawal(t.ctx, reference, 'success');
    await deliver(actor, 'withdrawal_settled');
    const [asked] = await receiptsTo(actor, 'Withdrawal requested');
    const [paid] = await receiptsTo(actor, 'Withdrawal paid to your bank');
    expect(asked!.text).toContain('Amount: ₦1,200');
    expect(asked!.text).toContain('Paid with: To United Bank For Africa');
    expect(paid!.text).toContain('Status: Paid to your bank');

    const failing = await addBankAccount(t, actor, { ageHours: 48, accountNumber: '9999999999' });
    const second = await requestWithdrawal(t, actor, 600, failing);
    expect(second.status).toBe(200);
    await settleWithdrawal(t.ctx, second.body.data.reference as string, 'reversed', 'The bank transfer failed');
    await deliver(actor, 'withdrawal_failed');
    const [failed] = await receiptsTo(actor, 'Withdrawal failed');
    expect(failed!.text).toContain('Amount: ₦600');
    expect(failed!.text).toContain('Status: Failed and returned to your wallet');
  });

  it('mails nobody at an address that is not verified', async () => {
    const actor = await createUser(t, { verified: false, phoneVerifiedAt: new Date() });
    await fundWallet(t, actor, 1000);
    await deliver(actor, 'deposit');
    expect(await mailsTo(actor)).toEqual([]);
  });

  it('keeps the setting: receipts for purchases and deposits can be turned off, the essential mails still go', async () => {
    const actor = await createUser(t);
    const shown = await call(t, 'GET', '/api/users/mail-preferences/me', { token: actor.token });
    expect(shown.body.data).toEqual({ receipt_mails: true });

    const bad = await call(t, 'POST', '/api/users/mail-preferences/update', {
      token: actor.token,
      body: { receipt_mails: 'sometimes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.receipt_mails).toBeDefined();

    const off = await call(t, 'POST', '/api/users/mail-preferences/update', {
      token: actor.token,
      body: { receipt_mails: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ receipt_mails: false });
    expect((await call(t, 'GET', '/api/users/mail-preferences/me', { token: actor.token })).body.data).toEqual({
      receipt_mails: false,
    });

    await fundWallet(t, actor, 1000);
    await deliver(actor, 'deposit');
    await buyAirtime(actor, '08030000000');
    await deliver(actor, 'refund');
    expect((await mailsTo(actor)).map((m) => m.subject.replace(/ \(.*\)$/, ''))).toEqual(['Ruwa: Refund issued']);
  });

  it('mails a card-paid order as ORD-n with its delivery fee, once however often the webhook comes', async () => {
    const actor = await createUser(t);
    const amountKobo = (2 * PRICE + FEE) * 100;
    const reference = await sandboxCharge(t, { amountKobo, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: {
        product_id: product.id,
        location_id: location.id,
        quantity: 2,
        recipient_address: '5 Bourdillon Road, Ikoyi',
        payment_method: 'card',
        transaction_id: reference,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = res.body.data.id as number;
    await deliver(actor, 'payment');

    // Paystack's charge.success delivered again.
    const webhook = await eventually(async () => {
      const [row] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      return row?.processedAt ? row : undefined;
    });
    const body = JSON.stringify(webhook.payload);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY),
      },
      payload: body,
    });
    expect(replay.statusCode).toBe(200);
    await runQueued();

    const receipts = await receiptsTo(actor, 'Your payment receipt');
    expect(receipts.map((m) => m.subject)).toEqual([`Ruwa: Your payment receipt (ORD-${orderId})`]);
    expect(receipts[0]!.text).toContain('What: 2 x Pure water bag');
    expect(receipts[0]!.text).toContain('Amount: ₦1,000');
    expect(receipts[0]!.text).toContain('Fee: ₦200');

    const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
      token: actor.token,
      body: { id: orderId, refund_to: 'wallet' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await deliver(actor, 'refund');
    const [refund] = await receiptsTo(actor, 'Refund issued');
    expect(refund!.text).toContain(`What: Refund: 2 x Pure water bag (ORD-${orderId})`);
    expect(refund!.text).toContain('Paid with: Back to your Ruwa wallet');
  });

  it('mails a purchase paid from the wallet', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 1000);
    const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 100, phone: '08031112222', network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await deliver(actor, 'payment');
    const [receipt] = await receiptsTo(actor, 'Your payment receipt');
    expect(receipt!.subject).toBe(`Ruwa: Your payment receipt (VTU-${res.body.data.id})`);
    expect(receipt!.text).toContain('Paid with: Ruwa wallet');
  });

  it('mails an order paid from the wallet, queued by the order’s own statement, as ORD-n with its fee', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 2000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: {
        product_id: product.id,
        location_id: location.id,
        quantity: 3,
        recipient_address: '5 Bourdillon Road, Ikoyi',
        payment_method: 'wallet',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await deliver(actor, 'payment');
    const [receipt, ...more] = await receiptsTo(actor, 'Your payment receipt');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Ruwa: Your payment receipt (ORD-${res.body.data.id})`);
    expect(receipt!.text).toContain('What: 3 x Pure water bag');
    expect(receipt!.text).toContain(`Amount: ₦${(3 * PRICE + FEE).toLocaleString('en-NG')}`);
    expect(receipt!.text).toContain(`Fee: ₦${FEE}`);
    expect(receipt!.text).toContain('Paid with: Ruwa wallet');
    expect(receipt!.text).toMatch(/Date: .+ \(Lagos time\)/);
  });

  it('keeps a receipt queued while the mailer fails, and sends it on the next run', async () => {
    const actor = await createUser(t);
    await runQueued();
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('mail server down');
    };
    try {
      await fundWallet(t, actor, 1500);
      await eventually(async () => ((await queuedFor(actor, 'deposit')).length ? true : undefined));
      expect(await runQueued()).toBe(0);
      expect(await queuedFor(actor, 'deposit')).toHaveLength(1);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(await runQueued()).toBeGreaterThanOrEqual(1);
    expect(await receiptsTo(actor, 'Money added to your wallet')).toHaveLength(1);
    expect(await queuedFor(actor, 'deposit')).toEqual([]);
  });

  it('mails a bank transfer into the customer’s account number, even with receipts turned off', async () => {
    const actor = await createUser(t);
    await call(t, 'POST', '/api/users/mail-preferences/update', { token: actor.token, body: { receipt_mails: false } });
    const account = await call(t, 'GET', '/api/wallet/virtual-account', { token: actor.token });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const sent = await call(t, 'POST', '/sandbox/paystack/test/transfer-in', {
      body: { account_number: account.body.data.account_number, amount: 7000_00 },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await deliver(actor, 'transfer_in');
    const [mail] = await receiptsTo(actor, 'Bank transfer received');
    expect(mail!.text).toContain('Paid with: Bank transfer');
    expect(mail!.text).toMatch(/Amount: ₦[\d,]+/);
    expect(mail!.subject).toMatch(/\(TX_[A-Z0-9_]+\)$/);
  });
});
