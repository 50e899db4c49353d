import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/password';
import { orders } from '../src/modules/orders/schema';
import { payments, webhookEvents } from '../src/modules/payments/schema';
import { createUser } from '../src/modules/users/service';
import { inconsistentWallets } from '../src/modules/wallet/service';
import { sandboxPaystackTransactions } from '../src/platform/paystack/schema';
import { signWebhook } from '../src/platform/paystack/webhook-signature';
import { spawnApi, type ApiProcess } from './helpers/instance';

// The API process is SIGKILLed between verifying a card payment with Paystack and
// committing the order, then started again without the crash point. The order must complete exactly
// once: one order, one payment row, ledgers consistent. A real child process on a real PostgreSQL
// database, because an in-process test cannot lose its memory the way a killed process does.

const SECRET = 'sk_test_sandbox';
const PASSWORD = 'correct-horse-9';
const UNIT_NAIRA = 420;

type Api = ApiProcess & { proc: ApiProcess['child'] };

describe.runIf(process.env.TEST_DATABASE_URL)(
  'kill -9 between payment verification and the order commit (PostgreSQL)',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `ruwa_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-kill-'));
    let databaseUrl: string;
    let database: Database;
    let running: Api | null = null;

    async function start(crashAt?: 'after-verify' | 'before-commit'): Promise<Api> {
      const api = await spawnApi(
        {
          PUBLIC_URL: 'http://ruwa.test',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
          ...(crashAt ? { RUWA_TEST_CRASH_AT: crashAt } : {}),
        },
        60_000,
      );
      running = { ...api, proc: api.child };
      return running;
    }

    async function stop(api: Api) {
      if (api.proc.exitCode === null && api.proc.signalCode === null) api.proc.kill('SIGTERM');
      await api.exited;
      running = null;
    }

    async function http(
      api: Api,
      method: 'GET' | 'POST',
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
    ) {
      const res = await fetch(`${api.base}${url}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          'content-type': 'application/json',
          ...options.headers,
        },
        body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      return {
        status: res.status,
        body: (await res.json()) as { message: string; data: Record<string, unknown> & { id: number } },
      };
    }

    const signIn = async (api: Api, email: string) =>
      (await http(api, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).body.data
        .access_token as string;

    let customerEmail = '';
    let customerId = 0;
    let productId = 0;
    let locationId = 0;
    const purchase = () => ({
      product_id: productId,
      location_id: locationId,
      quantity: 3,
      recipient_address: '7 Allen Avenue, Ikeja',
    });

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();

      // A first, crash-free start applies the migrations; the catalogue and people are made through it.
      const api = await start();
      database = connectPostgres(databaseUrl, { max: 4 });
      const passwordHash = await hashPassword(PASSWORD);
      const adminUser = await createUser(database.db, {
        firstName: 'Ada',
        lastName: 'Admin',
        email: `admin.${name}@example.com`,
        phoneNumber: '+2348030000001',
        role: 'admin',
        passwordHash,
      });
      const customer = await createUser(database.db, {
        firstName: 'Chidi',
        lastName: 'Buyer',
        email: `buyer.${name}@example.com`,
        phoneNumber: '+2348030000002',
        passwordHash,
      });
      customerEmail = customer.email;
      customerId = customer.id;
      const adminToken = await signIn(api, adminUser.email);
      const category = await http(api, 'POST', '/api/product/category/store', {
        token: adminToken,
        body: { name: 'Gas', kind: 'gas' },
      });
      const location = await http(api, 'POST', '/api/location/store', {
        token: adminToken,
        body: { name: 'Ikeja', state: 'lagos', country: 'nigeria' },
      });
      const product = await http(api, 'POST', '/api/products/store', {
        token: adminToken,
        body: {
          product_name: '12.5 kg refill',
          product_price: 500,
          product_category: category.body.data.id,
          locations: [{ id: location.body.data.id, product_location_price: UNIT_NAIRA }],
        },
      });
      expect(product.status).toBe(201);
      productId = product.body.data.id;
      locationId = location.body.data.id;
      await stop(api);
    }, 120_000);

    afterAll(async () => {
      if (running) await stop(running);
      await database?.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    /** A paid card intent: started through the API, then paid at the provider (no webhook yet). */
    async function paidIntent(api: Api, token: string) {
      const intent = await http(api, 'POST', '/api/payments/paystack/initialize', {
        token,
        body: { purpose: 'product_order', ...purchase() },
      });
      expect(intent.status).toBe(200);
      const reference = intent.body.data.reference as string;
      await database.db.insert(sandboxPaystackTransactions).values({
        reference,
        accessCode: `ac_${reference}`,
        email: customerEmail,
        amountKobo: 3 * UNIT_NAIRA * 100,
        metadata: intent.body.data.metadata,
        status: 'success',
        gatewayResponse: 'Approved',
        paidAt: new Date(),
      });
      return { reference, metadata: intent.body.data.metadata as Record<string, unknown> };
    }

    async function expectExactlyOnce(reference: string, orderId: number) {
      const made = await database.db.select().from(orders).where(eq(orders.paymentReference, reference));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        id: orderId,
        status: 'paid',
        userId: customerId,
        amountKobo: 3 * UNIT_NAIRA * 100,
      });
      const rows = await database.db.select().from(payments).where(eq(payments.reference, reference));
      expect(rows).toEqual([expect.objectContaining({ status: 'success', fulfilment: { kind: 'order', orderId } })]);
      expect(await inconsistentWallets(database.db)).toEqual([]);
    }

    it('dies right after verification; the customer’s retry after the restart makes the one order', async () => {
      const crashing = await start('after-verify');
      const token = await signIn(crashing, customerEmail);
      const { reference } = await paidIntent(crashing, token);

      // The store call verifies with Paystack, then the process is killed before any write.
      const lost = await http(crashing, 'POST', '/api/product-order/store', {
        token,
        body: { ...purchase(), transaction_id: reference },
      }).catch((error: unknown) => error);
      expect(lost).toBeInstanceOf(Error);
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
      running = null;
      expect(await database.db.select().from(orders).where(eq(orders.paymentReference, reference))).toHaveLength(0);
      expect(await database.db.select().from(payments).where(eq(payments.reference, reference))).toEqual([
        expect.objectContaining({ status: 'initialized' }),
      ]);

      const api = await start();
      const retry = await http(api, 'POST', '/api/product-order/store', {
        token,
        body: { ...purchase(), transaction_id: reference },
      });
      expect(retry.status).toBe(201);
      const again = await http(api, 'POST', '/api/product-order/store', {
        token,
        body: { ...purchase(), transaction_id: reference },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(retry.body.data.id);
      await expectExactlyOnce(reference, retry.body.data.id);
      await stop(api);
    }, 120_000);

    it('dies inside the order transaction, before its commit; Paystack’s webhook retry after the restart makes the one order', async () => {
      const crashing = await start('before-commit');
      const token = await signIn(crashing, customerEmail);
      const { reference, metadata } = await paidIntent(crashing, token);
      const event = JSON.stringify({
        event: 'charge.success',
        data: { reference, status: 'success', amount: 3 * UNIT_NAIRA * 100, currency: 'NGN', metadata },
      });
      const webhook = (api: Api) =>
        http(api, 'POST', '/api/payments/paystack/webhook', {
          raw: event,
          headers: { 'x-paystack-signature': signWebhook(event, SECRET) },
        });

      // The webhook is stored and answered, then processing writes the order and dies before COMMIT.
      expect((await webhook(crashing)).status).toBe(200);
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
      running = null;
      expect(await database.db.select().from(orders).where(eq(orders.paymentReference, reference))).toHaveLength(0);
      expect(await database.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference))).toEqual([
        expect.objectContaining({ processedAt: null }),
      ]);

      const api = await start();
      // Paystack delivers the same event again; the stored, unfinished event is processed this time.
      expect((await webhook(api)).status).toBe(200);
      const orderId = await (async () => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await database.db.select().from(orders).where(eq(orders.paymentReference, reference));
          if (row) return row.id;
          if (Date.now() > deadline) throw new Error(`no order after the webhook retry:\n${api.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // The browser comes back late, and Paystack retries once more: still the one order.
      const client = await http(api, 'POST', '/api/product-order/store', {
        token,
        body: { ...purchase(), transaction_id: reference },
      });
      expect(client.status).toBe(200);
      expect(client.body.data.id).toBe(orderId);
      expect((await webhook(api)).status).toBe(200);
      await expectExactlyOnce(reference, orderId);
      await stop(api);
    }, 120_000);
  },
);
