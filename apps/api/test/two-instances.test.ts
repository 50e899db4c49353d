import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageVariantUrl } from '@ruwa/contract';
import { connectPostgres } from '../src/db/client';
import { raffleDraws, raffleTickets } from '../src/modules/engagement/schema';
import { orders } from '../src/modules/orders/schema';
import { payments, webhookEvents } from '../src/modules/payments/schema';
import { ledgerEntries, wallets, withdrawals } from '../src/modules/wallet/schema';
import { signWebhook } from '../src/platform/paystack/webhook-signature';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { startApiProcess } from './helpers/instance';
import { moneyViolations, queryRows } from './helpers/money-invariants';
import { eventually, sandboxCharge } from './helpers/payments';
import { dataUrl, tinyPng } from './helpers/images';
import { startS3Server, type S3Server } from './helpers/s3';

/**
 * The concurrency races again, each split across two API processes on one PostgreSQL database, as
 * production runs several instances behind a load balancer. Each process has its own pool, job
 * runner, rate-limit store, caches and data directory; only the database and the uploads' S3 bucket
 * (an s3rver in this process) are shared. The in-process app `t` sets up data and reads the database;
 * it takes no part in the races.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let t: TestApp;
  let s3: S3Server;
  let a: Awaited<ReturnType<typeof startApiProcess>>;
  let b: Awaited<ReturnType<typeof startApiProcess>>;
  let admin: Actor;
  let locationId: number;
  let productId: number;
  const PRICE = 400;

  beforeAll(async () => {
    t = await createTestApp();
    s3 = await startS3Server();
    [a, b] = await Promise.all([startApiProcess(t, s3.env), startApiProcess(t, s3.env)]);
    admin = await createAdmin(t);
    locationId = (await createLocation(t, admin.token)).id;
    const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
    productId = (
      await createProduct(t, admin.token, {
        product_category: category.id,
        locations: [{ id: locationId, product_location_price: PRICE }],
      })
    ).id;
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await t?.close();
    await s3?.close();
  });

  /** Alternates requests between the two processes. */
  const either = (i: number) => (i % 2 === 0 ? a : b);
  const balanceKobo = async (actor: Actor) =>
    (await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id)))[0]?.balanceKobo ?? 0;
  const purchase = {
    product_id: 0,
    location_id: 0,
    quantity: 2,
    recipient_address: '7 Adeola Odeku Street, Victoria Island',
  };
  const order = () => ({ ...purchase, product_id: productId, location_id: locationId });

  async function fund(actor: Actor, naira: number) {
    const reference = await sandboxCharge(a, { amountKobo: naira * 100, email: actor.user.email });
    expect(
      (
        await call(b, 'POST', '/api/wallet-transactions/deposit/paystack', {
          token: actor.token,
          body: { amount: naira, tx_id: reference },
        })
      ).status,
    ).toBe(200);
  }

  // Found while building this: two instances starting together on a new database raced to create
  // the same tables, and one crashed (duplicate key in pg_type).
  it('instances starting at the same moment on an empty database both migrate it without error', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `ruwa_migrate_race_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const instances = [
      connectPostgres(url.toString()),
      connectPostgres(url.toString()),
      connectPostgres(url.toString()),
    ];
    try {
      const results = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('are really two processes, each serving on its own port', async () => {
    expect(a.pid).not.toBe(b.pid);
    expect(a.url).not.toBe(b.url);
    for (const instance of [a, b])
      expect((await call(instance, 'GET', '/api/health')).body).toMatchObject({ status: 'ok' });
  });

  it('an image uploaded through one process is served by the other, from the shared bucket', async () => {
    const created = await call(a, 'POST', '/api/product/category/store', {
      token: admin.token,
      body: { name: 'Gas refills', kind: 'gas', base64_photos: [dataUrl(tinyPng())] },
    });
    expect(created.status).toBe(201);
    const url: string = created.body.data.image;
    expect(url).toMatch(/^\/uploads\/categories\/[0-9a-f]{24}-r\.jpg$/);
    for (const [served, type] of [
      [url, 'image/jpeg'],
      [imageVariantUrl(url, 160), 'image/webp'],
    ] as const) {
      const res = await fetch(`${b.url}${served}`);
      expect(res.status, served).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const stored = await s3.object(served.slice('/uploads/'.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(stored.bytes)).toBe(true);
    }
  });

  it('a sign-out or a suspension through one process ends the session on the other as soon as PostgreSQL notifies it', async () => {
    const [leaving, suspended] = [await createUser(t), await createUser(t)];
    const me = (instance: typeof a, actor: Actor) => call(instance, 'GET', '/api/users/me', { token: actor.token });
    // Each process has read (and kept) both sessions.
    for (const instance of [a, b])
      for (const actor of [leaving, suspended]) expect((await me(instance, actor)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { token: leaving.token })).status).toBe(200);
    expect(
      (await call(a, 'POST', '/api/admin/customers/suspend', { token: admin.token, body: { id: suspended.user.id } }))
        .status,
    ).toBe(200);
    await vi.waitFor(
      async () => {
        expect((await me(b, leaving)).status).toBe(401);
        expect((await me(b, suspended)).status).toBe(401);
      },
      { timeout: 3_000, interval: 20 },
    );
  });

  it('50 withdrawals split across both never overdraw; each transfer webhook settles its withdrawal once', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const bank = await call(a, 'POST', '/api/wallet/store/bank-details', {
      token: actor.token,
      body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
    });
    expect(bank.status).toBe(200);
    // N150 each: six fit in N1,000.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(either(i), 'POST', '/api/wallet-transactions/withdraw', {
          token: actor.token,
          body: { amount: 150, selected_bank: bank.body.data.id },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 422)).toHaveLength(44);
    // Each process started its own winners' transfers, and its own sandbox webhook settles them.
    const references = results.filter((r) => r.status === 200).map((r) => r.body.data.reference as string);
    // The handler settles the withdrawal, then the event is marked processed in a later write, so
    // wait for both before looking at either.
    await eventually(async () => {
      const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, actor.user.id));
      const events = await t.db.select().from(webhookEvents).where(inArray(webhookEvents.reference, references));
      const settled = rows.length === 6 && rows.every((w) => w.status === 'success');
      return settled && events.length >= 6 && events.every((e) => e.processedAt) ? true : undefined;
    });
    for (const reference of references) {
      const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      expect(events.map((e) => [e.event, Boolean(e.processedAt)])).toEqual([['transfer.success', true]]);
    }
    expect(await balanceKobo(actor)).toBe(100_00);
    expect(await moneyViolations(t.db)).toEqual([]);
  });

  it('one of six agents accepting at once, on both processes, gets the order', async () => {
    const agents = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const actor = await createUser(t);
        const applied = await call(t, 'POST', '/api/agents/store', {
          token: actor.token,
          body: { agent_name: 'Iya Basira Water', agent_email: actor.user.email },
        });
        await call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: applied.body.data.id, status: 'approved' },
        });
        expect(
          (
            await call(t, 'POST', '/api/agents/update', {
              token: actor.token,
              body: { location_id: locationId, sells_sachet_water: true },
            })
          ).status,
        ).toBe(200);
        return actor;
      }),
    );
    const customer = await createUser(t);
    await fund(customer, 5000);
    const placed = await call(a, 'POST', '/api/product-order/store', {
      token: customer.token,
      body: { ...order(), payment_method: 'wallet' },
    });
    expect(placed.status).toBe(201);
    const results = await Promise.all(
      agents.map((agent, i) =>
        call(either(i), 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: placed.body.data.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.body.data.id));
    expect(row!.status).toBe('assigned');
  });

  it('draws on both processes at once never let a ticket win twice', async () => {
    // One ticket each: a customer wins at most once a month, so every ticket can still be drawn.
    const owners = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    for (const owner of owners) {
      expect(
        (
          await call(t, 'POST', '/api/raffle-tickets/store', {
            token: admin.token,
            body: { email: owner.user.email, count: 1 },
          })
        ).status,
      ).toBe(201);
    }
    const live = (await t.db.select().from(raffleTickets).where(eq(raffleTickets.status, 'live'))).length;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(either(i), 'GET', '/api/raffle-tickets/draw', { token: admin.token })),
    );
    const won = results.filter((r) => r.status === 201);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(won.map((r) => r.body.data.slug)).size).toBe(won.length);
    // Draw out whatever a collision left, one at a time: every ticket ends up won exactly once.
    for (let i = 0; i < live; i++) {
      const res = await call(either(i), 'GET', '/api/raffle-tickets/draw', { token: admin.token });
      if (res.status === 409) break;
    }
    const draws = await t.db.select().from(raffleDraws);
    expect(draws).toHaveLength(live);
    expect(new Set(draws.map((d) => d.ticketId)).size).toBe(live);
    expect((await t.db.select().from(raffleTickets).where(eq(raffleTickets.status, 'live'))).length).toBe(0);
  });

  it('the webhook on one process and client calls on both make one order; a repeated webhook changes nothing', async () => {
    const actor = await createUser(t);
    // Process a runs the sandbox checkout, so Paystack's webhook reaches process a.
    const reference = await sandboxCharge(a, {
      amountKobo: 2 * PRICE * 100,
      email: actor.user.email,
      metadata: { purpose: 'product_order', user_id: actor.user.id, ...order() },
    });
    const payload = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 2 * PRICE * 100, currency: 'NGN' },
    });
    const webhook = () =>
      b.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signWebhook(payload, t.ctx.config.PAYSTACK_SECRET_KEY),
        },
        payload,
      });
    const [clients, hooks] = await Promise.all([
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(either(i), 'POST', '/api/product-order/store', {
            token: actor.token,
            body: { ...order(), transaction_id: reference },
          }),
        ),
      ),
      Promise.all([webhook(), webhook()]),
    ]);
    expect(clients.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(clients.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    expect(new Set(clients.map((r) => r.body.data.id)).size).toBe(1);
    expect(hooks.every((r) => r.statusCode === 200)).toBe(true);
    await eventually(async () => {
      const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      return event?.processedAt ? true : undefined;
    });
    expect(await t.db.select().from(orders).where(eq(orders.paymentReference, reference))).toHaveLength(1);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference))).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({
      status: 'success',
      fulfilment: { kind: 'order', orderId: clients[0]!.body.data.id },
    });
  });

  it('deposit calls on both processes and the webhook credit once; wallet orders on both never overdraw', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(b, {
      amountKobo: 2 * PRICE * 100 * 3,
      email: actor.user.email,
      metadata: { purpose: 'deposit', user_id: actor.user.id, amount: 2 * PRICE * 3 },
    });
    const deposits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(either(i), 'POST', '/api/wallet-transactions/deposit/paystack', {
          token: actor.token,
          body: { amount: 2 * PRICE * 3, tx_id: reference },
        }),
      ),
    );
    expect(deposits.every((r) => r.status === 200)).toBe(true);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference))).toHaveLength(1);
    // Exactly three orders of two bags fit.
    const bought = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(either(i), 'POST', '/api/product-order/store', {
          token: actor.token,
          body: { ...order(), payment_method: 'wallet' },
        }),
      ),
    );
    expect(bought.filter((r) => r.status === 201)).toHaveLength(3);
    expect(bought.filter((r) => r.status === 422)).toHaveLength(7);
    expect(await balanceKobo(actor)).toBe(0);
    await eventually(async () => {
      const [row] = await queryRows(t.db, sql`select count(*) as n from webhook_events where processed_at is null`);
      return Number(row!.n) === 0 ? true : undefined;
    });
    expect(await moneyViolations(t.db)).toEqual([]);
  });
});
