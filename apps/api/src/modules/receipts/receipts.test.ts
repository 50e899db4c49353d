import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { addBankAccount, fundWallet } from '../../../test/helpers/wallet';
import { ledgerEntries, wallets } from '../wallet/schema';

let t: TestApp;
let admin: Actor;
let productId: number;
let locationId: number;
let locationName: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const location = await createLocation(t, admin.token, { delivery_fee: 500 });
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    product_price: 300,
    locations: [{ id: location.id, product_location_price: 350 }],
  });
  productId = product.id;
  locationId = location.id;
  locationName = location.name;
});
afterAll(() => t.close());

const receipt = (actor: Actor, reference: string) =>
  call(t, 'GET', '/api/receipts/show', { token: actor.token, query: { reference } });

const order = (actor: Actor, extra: Record<string, unknown>) =>
  call(t, 'POST', '/api/product-order/store', {
    token: actor.token,
    body: {
      product_id: productId,
      location_id: locationId,
      quantity: 2,
      recipient_address: '12 Admiralty Way, Lekki Phase 1',
      ...extra,
    },
  });

/** This customer's wallet movements of one type, newest first. */
async function movements(actor: Actor, type: string) {
  const rows = await t.db
    .select({ txId: ledgerEntries.txId, type: ledgerEntries.type })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(and(eq(wallets.userId, actor.user.id), eq(ledgerEntries.type, type as 'deposit')));
  return rows.map((row) => row.txId).reverse();
}

describe('GET /api/receipts/show', () => {
  it('proves a wallet-paid water order (ORD-), and its wallet row shows the same purchase', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 5000);
    const placed = await order(actor, { payment_method: 'wallet' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.data.id as number;

    const res = await receipt(actor, `ORD-${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      reference: `ORD-${id}`,
      kind: 'order',
      title: 'Water order',
      status: 'paid',
      status_label: 'Paid',
      amount: 1200,
      fee: 500,
      payment_method: 'wallet',
    });
    expect(res.body.data.date_time).toMatch(/\d{4}, \d{1,2}:\d{2}\s?(am|pm)$/);
    const lines = Object.fromEntries(
      res.body.data.lines.map((l: { label: string; value: string }) => [l.label, l.value]),
    );
    expect(lines).toMatchObject({
      Quantity: '2',
      'Deliver to': `12 Admiralty Way, Lekki Phase 1, ${locationName}`,
      'Delivery fee': '₦500',
      'Paid with': 'Wallet',
    });
    // Any letter case quotes the same purchase.
    expect((await receipt(actor, `ord-${id}`)).body.data.reference).toBe(`ORD-${id}`);

    const [paymentRow] = await movements(actor, 'purchase');
    const row = await receipt(actor, paymentRow!);
    expect(row.body.data).toMatchObject({
      reference: paymentRow,
      kind: 'order',
      purchase_reference: `ORD-${id}`,
      status: 'paid',
      amount: 1200,
      payment_method: 'wallet',
      direction: 'debit',
    });
  });

  it('proves a card-paid order', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 1200_00, email: actor.user.email });
    const placed = await order(actor, { payment_method: 'card', transaction_id: reference });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const res = await receipt(actor, `ORD-${placed.body.data.id}`);
    expect(res.body.data).toMatchObject({ payment_method: 'card', direction: null, amount: 1200 });
    expect(res.body.data.lines).toContainEqual({ label: 'Payment reference', value: reference });
  });

  it('proves a subscription (SUB-) with its deliveries and fees', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 20_000);
    const res = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: {
        product_id: productId,
        location_id: locationId,
        quantity: 1,
        recipient_address: '3 Bourdillon Road',
        payment_method: 'wallet',
        duration_in_days: 14,
        delivery_interval_days: 7,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sub = res.body.data;
    const shown = await receipt(actor, `SUB-${sub.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      reference: `SUB-${sub.id}`,
      kind: 'subscription',
      status: 'active',
      amount: sub.order_amount,
      fee: sub.delivery_fee * sub.deliveries,
      payment_method: 'wallet',
    });
    expect(shown.body.data.lines).toContainEqual({
      label: 'Deliveries',
      value: `0 of ${sub.deliveries} delivered, every 7 days`,
    });
  });

  it('proves airtime refused and refunded (VTU-), its payment row, and the refund row', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 1000);
    const bought = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 150, phone: '08030000000', network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const id = bought.body.data.id as number;
    const shown = await receipt(actor, `VTU-${id}`);
    expect(shown.body.data).toMatchObject({
      kind: 'airtime',
      title: 'Airtime',
      status: 'refunded',
      status_label: 'Refunded to your wallet',
      amount: 150,
      fee: 0,
    });
    expect(shown.body.data.lines).toEqual(
      expect.arrayContaining([
        { label: 'Network', value: 'MTN' },
        { label: 'Phone number', value: '08030000000' },
      ]),
    );
    // The payment row says what happened to the purchase, not "Successful".
    const [paid] = await movements(actor, 'purchase');
    expect((await receipt(actor, paid!)).body.data).toMatchObject({
      status: 'refunded',
      purchase_reference: `VTU-${id}`,
    });
    const [refund] = await movements(actor, 'refund');
    const refundReceipt = (await receipt(actor, refund!)).body.data;
    expect(refundReceipt).toMatchObject({
      kind: 'refund',
      title: 'Refund',
      direction: 'credit',
      amount: 150,
      status: 'success',
      purchase_reference: `VTU-${id}`,
    });
    expect(refundReceipt.lines).toContainEqual({ label: 'Purchase', value: `Airtime, VTU-${id}` });
  });

  it('proves a data purchase with its plan', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 1000);
    const bundles = await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'glo' } });
    const bundle = bundles.body.data[0];
    const bought = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: {
        phone: '08051234567',
        network_id: 'glo',
        variation_id: bundle.id,
        price: bundle.price,
        payment_method: 'wallet',
      },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const shown = (await receipt(actor, `VTU-${bought.body.data.id}`)).body.data;
    expect(shown).toMatchObject({ kind: 'data', status: 'delivered', status_label: 'Delivered', amount: bundle.price });
    expect(shown.lines).toContainEqual({ label: 'Plan', value: bundle.name });
  });

  it('proves a card deposit, a bank transfer in and a withdrawal (TX_…)', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 3000);
    const [deposit] = await movements(actor, 'deposit');
    expect((await receipt(actor, deposit!)).body.data).toMatchObject({
      reference: deposit,
      kind: 'deposit',
      title: 'Card deposit',
      amount: 3000,
      direction: 'credit',
      status: 'success',
      status_label: 'Successful',
    });

    const account = await call(t, 'GET', '/api/wallet/virtual-account', { token: actor.token });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const sent = await call(t, 'POST', '/sandbox/paystack/test/transfer-in', {
      body: { account_number: account.body.data.account_number, amount: 2500_00 },
    });
    expect(sent.status).toBe(200);
    const transferIn = await eventually(async () => {
      const ids = await movements(actor, 'deposit');
      return ids.length === 2 ? ids[0] : undefined;
    });
    expect((await receipt(actor, transferIn!)).body.data).toMatchObject({
      kind: 'transfer_in',
      title: 'Bank transfer in',
    });

    const bank = await addBankAccount(t, actor, { ageHours: 48 });
    const withdrawn = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 1200, selected_bank: bank },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const [withdrawal] = await movements(actor, 'withdrawal');
    const shown = (await receipt(actor, withdrawal!)).body.data;
    expect(shown).toMatchObject({ kind: 'withdrawal', direction: 'debit', amount: 1200 });
    expect(shown.lines.map((l: { label: string }) => l.label)).toContain('Sent to');
  });

  it("answers 404 for someone else's references, unknown ones and nonsense; 422 for none", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    await fundWallet(t, owner, 5000);
    const placed = await order(owner, { payment_method: 'wallet' });
    const [tx] = await movements(owner, 'deposit');
    for (const reference of [
      `ORD-${placed.body.data.id}`,
      tx!,
      'ORD-999999',
      'SUB-999999',
      'VTU-999999',
      'TX_ABC_000000000000',
      'hello',
    ]) {
      const res = await receipt(stranger, reference);
      expect(res.status, reference).toBe(404);
      expect(res.body.message).toMatch(/not found/i);
    }
    for (const url of ['/api/receipts/image', '/api/receipts/document'])
      expect((await call(t, 'GET', url, { token: stranger.token, query: { reference: tx! } })).status).toBe(404);
    const empty = await receipt(owner, '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toHaveProperty('reference');
  });
});

describe('receipt files', () => {
  it('renders the receipt as a PNG picture and a PDF', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 5000);
    const placed = await order(actor, { payment_method: 'wallet' });
    const reference = `ORD-${placed.body.data.id}`;
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/image?reference=${reference}`,
      headers: { authorization: `Bearer ${actor.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.rawPayload.length).toBeGreaterThan(10_000);
    // The picture is taller than its header: the lines were drawn.
    expect(image.rawPayload.readUInt32BE(20)).toBeGreaterThan(500);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/document?reference=${reference}`,
      headers: { authorization: `Bearer ${actor.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="ruwa-receipt-${reference}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(5_000);
  });
});
