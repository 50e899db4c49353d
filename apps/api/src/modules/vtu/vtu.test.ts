import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { newRequestId, readVend } from '../../platform/vtu/client';
import { sandboxVtuTransactions } from '../../platform/vtu/schema';
import { credit, inconsistentWallets } from '../wallet/service';
import { ledgerEntries } from '../wallet/schema';
import { auditLog } from '../audit/schema';
import { statusHistoryOf } from '../audit/service';
import { dataBundles, vtuPurchases } from './schema';
import { requeryPending } from './service';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;
const fundWallet = (actor: Actor, naira: number) =>
  t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `seed-${actor.user.id}-${naira}-${Math.random()}`,
      description: 'test',
    }),
  );

describe('provider client', () => {
  it('starts request ids with the Lagos time as YYYYMMDDHHmm', () => {
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
    expect(newRequestId(new Date('2026-11-21T23:30:00Z'))).toMatch(/^202611220030[0-9a-f]{12}$/);
  });

  it('reads the provider’s answer shapes', () => {
    expect(readVend({ code: '000', content: { transactions: { status: 'delivered' } } }).status).toBe('delivered');
    expect(readVend({ code: 0, content: { transactions: { status: 'delivered' } } }).status).toBe('delivered');
    expect(readVend({ code: '000', content: { transactions: { status: 'failed' } } }).status).toBe('failed');
    expect(readVend({ code: '016' }).status).toBe('failed');
    expect(readVend({ code: '099' }).status).toBe('pending');
    expect(readVend({ code: '014' }).status).toBe('pending');
    expect(readVend('garbage').status).toBe('pending');
  });
});

describe('bundles and networks', () => {
  it('serves the bundle table per network and lets admins change prices and switch bundles off', async () => {
    const actor = await createUser(t);
    const mtn = await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'mtn' } });
    expect(mtn.body.data).toHaveLength(10);
    const oneGig = mtn.body.data.find((b: { name: string }) => b.name === '1GB 30 days');
    expect(oneGig).toMatchObject({ price: 339, network: 'mtn', enabled: true });
    const prices = mtn.body.data.map((b: { price: number }) => b.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const all = await call(t, 'GET', '/api/data-bundles', { token: actor.token });
    expect(all.body.data).toHaveLength(42);

    expect(
      (
        await call(t, 'POST', '/api/admin/data-bundles/update', {
          token: actor.token,
          body: { id: oneGig.id, price: 1 },
        })
      ).status,
    ).toBe(403);
    const updated = await call(t, 'POST', '/api/admin/data-bundles/update', {
      token: admin.token,
      body: { id: oneGig.id, price: 349.5 },
    });
    expect(updated.body.data.price).toBe(349.5);
    const disabled = (await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'glo' } })).body
      .data[0];
    await call(t, 'POST', '/api/admin/data-bundles/update', {
      token: admin.token,
      body: { id: disabled.id, enabled: false },
    });
    expect(
      (await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'glo' } })).body.data,
    ).toHaveLength(10);
    expect(
      (await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'glo' } })).body.data,
    ).toHaveLength(11);
  });

  it('brings in bundles the provider started offering, switched off, and names the ones it dropped', async () => {
    const actor = await createUser(t);
    const airtel = (
      await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'airtel' } })
    ).body.data;
    // Pretend the provider replaced one bundle with a new code: ours now carries a code it no longer lists,
    // and the code it does list is missing from our table.
    const dropped = airtel[2];
    await t.db
      .update(dataBundles)
      .set({ variationCode: 'airtel-retired-bundle', priceKobo: 123_400 })
      .where(eq(dataBundles.id, dropped.id));

    expect(
      (await call(t, 'POST', '/api/admin/data-bundles/sync', { token: actor.token, body: { network: 'airtel' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t, 'POST', '/api/admin/data-bundles/sync', { token: admin.token, body: { network: 'vodafone' } }))
        .status,
    ).toBe(422);
    const res = await call(t, 'POST', '/api/admin/data-bundles/sync', {
      token: admin.token,
      body: { network: 'airtel' },
    });
    expect(res.status).toBe(200);
    // The sandbox answers the seed list, its amounts as strings and its key spelt either way.
    expect(res.body.data.added).toEqual([
      {
        id: expect.any(Number),
        network: 'airtel',
        variation_code: dropped.variation_code,
        name: dropped.name,
        price: dropped.price,
        enabled: false,
      },
    ]);
    expect(res.body.data.not_offered).toEqual([
      expect.objectContaining({ id: dropped.id, variation_code: 'airtel-retired-bundle', price: 1234 }),
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.body.data.added[0].id)));
    expect(entry).toMatchObject({ action: 'data_bundle.add_from_provider', actorId: admin.user.id });

    // Customers do not see it until an admin enables it; our own prices were left alone.
    const customerList = (
      await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'airtel' } })
    ).body.data;
    expect(customerList.map((b: { variation_code: string }) => b.variation_code)).not.toContain(dropped.variation_code);
    expect(customerList.find((b: { id: number }) => b.id === dropped.id).price).toBe(1234);
    // Nothing new the second time.
    const again = await call(t, 'POST', '/api/admin/data-bundles/sync', {
      token: admin.token,
      body: { network: 'airtel' },
    });
    expect(again.body.data.added).toEqual([]);
    expect(
      (await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'airtel' } })).body.data,
    ).toHaveLength(airtel.length + 1);
  });

  it('suggests the network from the number', async () => {
    const actor = await createUser(t);
    const res = await call(t, 'GET', '/api/networks/detect', {
      token: actor.token,
      query: { phone: '+2348051234567' },
    });
    expect(res.body.data).toEqual({ network: 'glo' });
  });
});

describe('buying airtime and data', () => {
  it('airtime paid by card is delivered', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 500_00, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 500, phone: '08031234567', network_id: 'mtn', transaction_id: reference },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'airtime',
      status: 'delivered',
      amount: 500,
      phone: '08031234567',
      network: 'mtn',
    });
    const replay = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 500, phone: '08031234567', network_id: 'mtn', transaction_id: reference },
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(res.body.data.id);
    const vends = await t.db
      .select()
      .from(sandboxVtuTransactions)
      .where(eq(sandboxVtuTransactions.requestId, res.body.data.request_id));
    expect(vends).toHaveLength(1);
  });

  it('a failed vend is refunded to the wallet at once, exactly once', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 200_00, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 200, phone: '08030000000', network_id: 'mtn', transaction_id: reference },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('refunded');
    expect(await balanceOf(actor)).toBe(200);
    await requeryPending(t.ctx, new Date(Date.now() + 3600_000));
    expect(await balanceOf(actor)).toBe(200);
    const refunds = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `vtu:${res.body.data.id}`));
    expect(refunds).toHaveLength(1);
    const history = await statusHistoryOf(t.db, 'vtu_purchase', res.body.data.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorRole])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'failed', 'system'],
      ['failed', 'refunded', 'system'],
    ]);
  });

  it("shows a customer their own purchase's status as it is now, and no one else's", async () => {
    const actor = await createUser(t);
    const stranger = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 150_00, email: actor.user.email });
    const bought = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 150, phone: '08050000000', network_id: 'glo', transaction_id: reference },
    });
    const id = bought.body.data.id as number;
    const shown = await call(t, 'GET', '/api/vtu/show', { token: actor.token, query: { id } });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      id,
      status: 'refunded',
      amount: 150,
      phone: '08050000000',
      transaction_id: reference,
    });
    expect((await call(t, 'GET', '/api/vtu/show', { token: stranger.token, query: { id } })).status).toBe(404);
    expect((await call(t, 'GET', '/api/vtu/show', { token: actor.token, query: { id: 'x' } })).status).toBe(422);
  });

  it('a pending vend is re-queried until delivered, and never refunded while pending', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 1000);
    const bundle = (await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'airtel' } }))
      .body.data[0];
    const res = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: {
        phone: '08029999999',
        network_id: 'airtel',
        variation_id: bundle.id,
        price: bundle.price,
        payment_method: 'wallet',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('pending');
    expect(await balanceOf(actor)).toBe(1000 - bundle.price);

    // Too soon: the provider still says processing.
    await t.db
      .update(vtuPurchases)
      .set({ lastCheckedAt: new Date(Date.now() - 10_000) })
      .where(eq(vtuPurchases.id, res.body.data.id));
    await requeryPending(t.ctx);
    const [still] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    expect(still!.status).toBe('pending');

    // Five seconds on, the sandbox delivers it on requery.
    await t.db
      .update(sandboxVtuTransactions)
      .set({ createdAt: new Date(Date.now() - 6_000) })
      .where(eq(sandboxVtuTransactions.requestId, res.body.data.request_id));
    await t.db
      .update(vtuPurchases)
      .set({ lastCheckedAt: new Date(Date.now() - 10_000) })
      .where(eq(vtuPurchases.id, res.body.data.id));
    await requeryPending(t.ctx);
    const [done] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, res.body.data.id));
    expect(done!.status).toBe('delivered');
    expect(done!.providerResponses.map((r) => `${r.action}:${r.status}`)).toEqual([
      'pay:pending',
      'requery:pending',
      'requery:delivered',
    ]);
    expect(await balanceOf(actor)).toBe(1000 - bundle.price);
  });

  it('data paid by card is delivered, for the bundle the server priced', async () => {
    const actor = await createUser(t);
    const bundle = (
      await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'mtn' } })
    ).body.data.find((b: { name: string }) => b.name === '1GB 30 days');
    const reference = await sandboxCharge(t, { amountKobo: Math.round(bundle.price * 100), email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: {
        phone: '08031112233',
        network_id: 'mtn',
        variation_id: bundle.id,
        price: bundle.price,
        transaction_id: reference,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'data',
      status: 'delivered',
      amount: bundle.price,
      bundle: '1GB 30 days',
      payment_method: 'card',
      transaction_id: reference,
    });
    const [vend] = await t.db
      .select()
      .from(sandboxVtuTransactions)
      .where(eq(sandboxVtuTransactions.requestId, res.body.data.request_id));
    expect(vend).toMatchObject({ serviceId: 'mtn-data', variationCode: bundle.variation_code, phone: '08031112233' });
    expect(await balanceOf(actor)).toBe(0);
  });

  it('rejects a tampered data price on the card path too, before anything is bought', async () => {
    const actor = await createUser(t);
    const bundle = (await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'glo' } })).body
      .data[0];
    // The customer pays N1 and claims the bundle costs N1.
    const reference = await sandboxCharge(t, { amountKobo: 100, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: { phone: '08051112233', network_id: 'glo', variation_id: bundle.id, price: 1, transaction_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.price[0]).toMatch(/The price of this bundle is/);
    expect(await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id))).toEqual([]);
    expect(
      await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.phone, '08051112233')),
    ).toEqual([]);
  });

  it('rejects a tampered data price and airtime outside N50..N50,000', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 100_000);
    const bundle = (await call(t, 'GET', '/api/data-bundles', { token: actor.token, query: { network: 'etisalat' } }))
      .body.data[0];
    const tampered = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: {
        phone: '08091234567',
        network_id: 'etisalat',
        variation_id: bundle.id,
        price: 1,
        payment_method: 'wallet',
      },
    });
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors.price[0]).toMatch(/The price of this bundle is/);
    const wrongNetwork = await call(t, 'POST', '/api/product-order/buy/data', {
      token: actor.token,
      body: {
        phone: '08091234567',
        network_id: 'mtn',
        variation_id: bundle.id,
        price: bundle.price,
        payment_method: 'wallet',
      },
    });
    expect(wrongNetwork.status).toBe(422);
    for (const amount of [49, 50_001, 100.5]) {
      const res = await call(t, 'POST', '/api/product-order/buy/airtime', {
        token: actor.token,
        body: { amount, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
      });
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.errors).toHaveProperty('amount');
    }
    expect(await balanceOf(actor)).toBe(100_000);
  });

  it('asks before buying the same amount for the same number twice within 30 seconds', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 1000);
    const body = { amount: 100, phone: '08061234567', network_id: 'mtn', payment_method: 'wallet' };
    expect((await call(t, 'POST', '/api/product-order/buy/airtime', { token: actor.token, body })).status).toBe(201);
    const again = await call(t, 'POST', '/api/product-order/buy/airtime', { token: actor.token, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('possible_duplicate');
    expect(await balanceOf(actor)).toBe(900);
    const intent = await call(t, 'POST', '/api/payments/paystack/initialize', {
      token: actor.token,
      body: { purpose: 'airtime', amount: 100, phone: '08061234567', network_id: 'mtn' },
    });
    expect(intent.status).toBe(409);
    const confirmed = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { ...body, confirm_duplicate: true },
    });
    expect(confirmed.status).toBe(201);
    expect(await balanceOf(actor)).toBe(800);
  });

  it('completes and vends from the webhook when the browser never returns', async () => {
    const actor = await createUser(t);
    await sandboxCharge(t, {
      amountKobo: 300_00,
      email: actor.user.email,
      metadata: { purpose: 'airtime', user_id: actor.user.id, amount: 300, phone: '08071234567', network_id: 'glo' },
    });
    const purchase = await eventually(async () => {
      const [row] = await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id));
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(purchase).toMatchObject({ kind: 'airtime', network: 'glo', amountKobo: 300_00 });
    const mine = await call(t, 'GET', '/api/vtu/me', { token: actor.token });
    expect(mine.body.data.data).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: concurrency', () => {
  it('concurrent wallet-paid purchases never overdraw', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 500);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(t, 'POST', '/api/product-order/buy/airtime', {
          token: actor.token,
          body: {
            amount: 100,
            phone: `0803100${String(i + 1).padStart(4, '0')}`,
            network_id: 'mtn',
            payment_method: 'wallet',
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(7);
    expect(await balanceOf(actor)).toBe(0);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('a double tap buys once: the other identical request is asked to confirm', async () => {
    const actor = await createUser(t);
    await fundWallet(actor, 1000);
    const body = { amount: 200, phone: '08162223344', network_id: 'mtn', payment_method: 'wallet' };
    const results = await Promise.all(
      [1, 2].map(() => call(t, 'POST', '/api/product-order/buy/airtime', { token: actor.token, body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('possible_duplicate');
    expect(await t.db.select().from(vtuPurchases).where(eq(vtuPurchases.userId, actor.user.id))).toHaveLength(1);
    expect(await balanceOf(actor)).toBe(800);
    expect(
      await t.db.select().from(sandboxVtuTransactions).where(eq(sandboxVtuTransactions.phone, '08162223344')),
    ).toHaveLength(1);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});
