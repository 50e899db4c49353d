import { lagosDay } from '@ruwa/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { fundWallet } from '../../../test/helpers/wallet';
import { ledgerEntries } from './schema';

let t: TestApp;
let productId: number;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  const admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    product_price: 300,
    locations: [{ id: location.id, product_location_price: 300 }],
  });
  productId = product.id;
  locationId = location.id;
});
afterAll(() => t.close());

/** The VTU sandbox refuses numbers ending 0000 and keeps those ending 9999 pending. */
const REFUSED_PHONE = '08030000000';
const PENDING_PHONE = '08039999999';
const DELIVERED_PHONE = '08031234567';

type Row = {
  tx_id: string;
  type: string;
  status: string;
  description: string;
  outcome: string;
  refund: { tx_id: string; amount: number } | null;
};

const history = async (actor: Actor, query: Record<string, string | number> = {}) => {
  const res = await call(t, 'GET', '/api/wallet-transactions/me', { token: actor.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data as Row[];
};

const buyAirtime = async (actor: Actor, phone: string, amount = 150) => {
  const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
    token: actor.token,
    body: { amount, phone, network_id: 'mtn', payment_method: 'wallet' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; status: string };
};

describe('what became of each purchase in the wallet history', () => {
  it('shows a refused airtime purchase as refunded, pointing at its refund; pending and delivered ones as such', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 1000);
    const refused = await buyAirtime(actor, REFUSED_PHONE);
    expect(refused.status).toBe('refunded');
    await buyAirtime(actor, PENDING_PHONE, 200);
    await buyAirtime(actor, DELIVERED_PHONE, 250);

    const rows = await history(actor);
    const purchases = rows.filter((row) => row.type === 'purchase');
    expect(purchases).toHaveLength(3);
    const [delivered, pending, refusedRow] = purchases;
    expect(delivered).toMatchObject({ outcome: 'completed', refund: null });
    expect(pending).toMatchObject({ outcome: 'pending', refund: null });
    const refund = rows.find((row) => row.type === 'refund')!;
    expect(refund.description).toContain('08030000000');
    // The debit itself went through; what it paid for did not.
    expect(refusedRow).toMatchObject({
      status: 'success',
      outcome: 'refunded',
      refund: { tx_id: refund.tx_id, amount: 150 },
    });
    // The number the customer quotes (VTU-n) finds the payment and its refund.
    const quoted = await history(actor, { q: `vtu-${refused.id}` });
    expect(quoted.map((row) => row.tx_id)).toEqual([refund.tx_id, refusedRow!.tx_id]);
    expect(rows.find((row) => row.type === 'deposit')).toMatchObject({ outcome: 'completed', refund: null });
  });

  it('shows a wallet-paid water order as pending until delivered, and refunded once cancelled', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 2000);
    const placed = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: {
        product_id: productId,
        location_id: locationId,
        quantity: 2,
        recipient_address: '12 Admiralty Way, Lekki Phase 1',
        payment_method: 'wallet',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [paid] = (await history(actor)).filter((row) => row.type === 'purchase');
    expect(paid).toMatchObject({ outcome: 'pending', refund: null });

    const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
      token: actor.token,
      body: { id: placed.body.data.id },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const rows = await history(actor);
    const refund = rows.find((row) => row.type === 'refund')!;
    expect(rows.find((row) => row.type === 'purchase')).toMatchObject({
      outcome: 'refunded',
      refund: { tx_id: refund.tx_id, amount: 600 },
    });
    expect((await history(actor, { q: `ORD-${placed.body.data.id}` })).map((row) => row.type)).toEqual([
      'refund',
      'purchase',
    ]);
  });
});

describe('searching and filtering the wallet history', () => {
  it('filters by type, by Lagos day and by text (description, TX id, a phone however typed)', async () => {
    const actor = await createUser(t);
    await fundWallet(t, actor, 1000);
    await buyAirtime(actor, REFUSED_PHONE);
    await buyAirtime(actor, DELIVERED_PHONE, 250);
    const all = await history(actor);
    expect(all).toHaveLength(4);

    expect((await history(actor, { type: 'refund' })).map((row) => row.type)).toEqual(['refund']);
    expect((await history(actor, { type: 'purchase' })).map((row) => row.type)).toEqual(['purchase', 'purchase']);
    // Empty filters are ignored.
    expect(await history(actor, { type: '', q: ' ', from: '', to: '' })).toHaveLength(4);

    const refused = await history(actor, { q: '+234 803 000 0000' });
    expect(refused.map((row) => row.type).sort()).toEqual(['purchase', 'refund']);
    expect(await history(actor, { q: '0803000' })).toHaveLength(2);
    expect(await history(actor, { q: 'card deposit' })).toHaveLength(1);
    const deposit = all.find((row) => row.type === 'deposit')!;
    expect((await history(actor, { q: deposit.tx_id.toLowerCase() })).map((row) => row.tx_id)).toEqual([deposit.tx_id]);
    // LIKE's wildcards are taken literally.
    expect(await history(actor, { q: '%' })).toHaveLength(0);

    // The deposit moved to yesterday, Lagos time: a period of today leaves it out.
    const today = lagosDay();
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(ledgerEntries.txId, deposit.tx_id));
    expect(await history(actor, { from: today, to: today })).toHaveLength(3);
    const yesterday = lagosDay(new Date(Date.now() - 86_400_000));
    expect((await history(actor, { from: yesterday, to: yesterday })).map((row) => row.tx_id)).toEqual([deposit.tx_id]);
    expect(await history(actor, { to: yesterday })).toHaveLength(1);
    expect(await history(actor, { from: today, type: 'deposit' })).toHaveLength(0);
  });

  it('refuses bad filters with 422 on the field', async () => {
    const actor = await createUser(t);
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await call(t, 'GET', '/api/wallet-transactions/me', { token: actor.token, query });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      return res.body.errors[field][0] as string;
    };
    expect(await bad({ type: 'gift' }, 'type')).toBe('Choose a transaction type from the list.');
    expect(await bad({ from: '2026-02-30' }, 'from')).toBe('The from date must be a real date (YYYY-MM-DD).');
    expect(await bad({ to: '04/12/2026' }, 'to')).toBe('The to date must be a real date (YYYY-MM-DD).');
    expect(await bad({ from: '2026-12-04', to: '2026-12-01' }, 'to')).toBe(
      'The to date must be on or after the from date.',
    );
    expect(await bad({ q: 'x'.repeat(101) }, 'q')).toBe('The search may not be longer than 100 characters.');
  });

  it('keeps each customer to their own wallet', async () => {
    const owner = await createUser(t);
    await fundWallet(t, owner, 500);
    const [deposit] = await history(owner);
    const other = await createUser(t);
    expect(await history(other, { q: deposit!.tx_id })).toEqual([]);
  });
});
