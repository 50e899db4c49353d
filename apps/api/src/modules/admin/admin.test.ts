import { SUSPENDED_MESSAGE } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { sandboxCharge } from '../../../test/helpers/payments';
import { listOutbox } from '../../platform/mail/mailer';
import { credit } from '../wallet/service';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard', () => {
  it('adds up revenue by kind, orders by status, VTU, money movements and customers from the data', async () => {
    const gasCategory = await createCategory(t, admin.token, { kind: 'gas' });
    const waterCategory = await createCategory(t, admin.token, { kind: 'bottle_water' });
    const location = await createLocation(t, admin.token);
    const gas = await createProduct(t, admin.token, {
      product_category: gasCategory.id,
      locations: [{ id: location.id, product_location_price: 1000 }],
    });
    const water = await createProduct(t, admin.token, {
      product_category: waterCategory.id,
      locations: [{ id: location.id, product_location_price: 2500 }],
    });
    const before = (await call(t, 'GET', '/api/admin/dashboard', { token: admin.token, query: { range: 'today' } }))
      .body.data;

    const customer = await createUser(t);
    const deposit = await sandboxCharge(t, { amountKobo: 20_000_00, email: customer.user.email });
    await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: customer.token,
      body: { amount: 20_000, tx_id: deposit },
    });
    const order = (body: object) =>
      call(t, 'POST', '/api/product-order/store', {
        token: customer.token,
        body: {
          location_id: location.id,
          recipient_address: '1 Marina Road, Lagos',
          payment_method: 'wallet',
          ...body,
        },
      });
    await order({ product_id: gas.id, quantity: 5 }); // N5,000 of gas
    const refunded = await order({ product_id: water.id, quantity: 1 }); // refunded below: no revenue
    await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: refunded.body.data.id, status: 'refunded' },
    });
    await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: customer.token,
      body: { amount: 500, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
    });
    await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: customer.token,
      body: { amount: 300, phone: '08030000000', network_id: 'mtn', payment_method: 'wallet' },
    });

    const res = await call(t, 'GET', '/api/admin/dashboard', { token: admin.token, query: { range: 'today' } });
    expect(res.status).toBe(200);
    const after = res.body.data;
    expect(after.revenue.gas - before.revenue.gas).toBe(5000);
    expect(after.revenue.bottle_water - before.revenue.bottle_water).toBe(0);
    expect(after.revenue.airtime - before.revenue.airtime).toBe(500);
    expect(after.orders_by_status.refunded - (before.orders_by_status.refunded ?? 0)).toBe(1);
    expect(after.vtu.purchases - before.vtu.purchases).toBe(2);
    expect(after.vtu.refunds - before.vtu.refunds).toBe(1);
    expect(after.deposits.amount - before.deposits.amount).toBe(20_000);
    expect(after.new_customers - before.new_customers).toBe(1);
    // Float: 20,000 deposited - 5,000 gas - 2,500 water + 2,500 refund - 500 airtime - 300 + 300 refund.
    expect(after.wallet_float - before.wallet_float).toBe(14_500);
    expect(after.chart).toHaveLength(30);
    const today = after.chart.at(-1);
    expect(today.revenue.gas).toBeGreaterThanOrEqual(5000);

    expect(
      (await call(t, 'GET', '/api/admin/dashboard', { token: admin.token, query: { range: 'year' } })).status,
    ).toBe(422);
    expect((await call(t, 'GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(403);
  });
});

describe('customers', () => {
  it('shows one customer with wallet, ledger and orders', async () => {
    const customer = await createUser(t, { firstName: 'Ngozi' });
    await t.db.transaction((tx) =>
      credit(tx, customer.user.id, {
        amountKobo: 500_00,
        type: 'deposit',
        reference: `seed-${customer.user.id}`,
        description: 'test',
      }),
    );
    const res = await call(t, 'GET', '/api/admin/customers/show', {
      token: admin.token,
      query: { id: customer.user.id },
    });
    expect(res.body.data.user).toMatchObject({ first_name: 'Ngozi', status: 'active' });
    expect(res.body.data.wallet.balance).toBe(500);
    expect(res.body.data.ledger.rows).toHaveLength(1);
    expect(res.body.data).toHaveProperty('orders');
    expect(res.body.data).toHaveProperty('vtu');
  });

  it('suspending locks the customer out at once; reactivating lets them back', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/users/me', { token: customer.token })).status).toBe(200);
    const suspended = await call(t, 'POST', '/api/admin/customers/suspend', {
      token: admin.token,
      body: { id: customer.user.id, note: 'Chargebacks' },
    });
    expect(suspended.body.data.status).toBe('suspended');
    expect((await call(t, 'GET', '/api/users/me', { token: customer.token })).status).toBe(401);
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { email: customer.user.email, password: customer.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(SUSPENDED_MESSAGE);
    expect(
      (await call(t, 'POST', '/api/admin/customers/send-reset', { token: admin.token, body: { id: customer.user.id } }))
        .status,
    ).toBe(409);

    await call(t, 'POST', '/api/admin/customers/reactivate', { token: admin.token, body: { id: customer.user.id } });
    expect(
      (await call(t, 'POST', '/api/auth/login', { body: { email: customer.user.email, password: customer.password } }))
        .status,
    ).toBe(200);
    expect(
      (await call(t, 'POST', '/api/admin/customers/send-reset', { token: admin.token, body: { id: customer.user.id } }))
        .status,
    ).toBe(200);
    expect(
      (await listOutbox(t.db)).some((m) => m.to === customer.user.email && m.subject === 'Reset your Ruwa password'),
    ).toBe(true);
    expect(
      (await call(t, 'POST', '/api/admin/customers/suspend', { token: admin.token, body: { id: admin.user.id } }))
        .status,
    ).toBe(403);
  });
});

describe('audit log', () => {
  it('records every kind of admin write with who, what and before/after', async () => {
    const customer = await createUser(t);
    const category = await createCategory(t, admin.token);
    await call(t, 'POST', '/api/product/category/update', {
      token: admin.token,
      body: { id: category.id, name: 'Renamed by admin' },
    });
    const bundles = await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'mtn' } });
    await call(t, 'POST', '/api/admin/data-bundles/update', {
      token: admin.token,
      body: { id: bundles.body.data[0].id, enabled: false },
    });
    await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { raffle: { min_purchase: 200 } },
    });
    await call(t, 'POST', '/api/admin/customers/suspend', { token: admin.token, body: { id: customer.user.id } });

    const log = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { per_page: 100 } });
    const actions = log.body.data.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'category.create',
        'category.update',
        'data_bundle.update',
        'settings.update',
        'customer.suspend',
      ]),
    );
    const update = log.body.data.data.find((e: { action: string }) => e.action === 'category.update');
    expect(update).toMatchObject({
      actor_id: admin.user.id,
      actor: { name: `${admin.user.firstName} ${admin.user.lastName}`, email: admin.user.email },
      entity: 'product_categories',
      entity_id: String(category.id),
    });
    expect(update.before.name).toBe(category.name);
    expect(update.after.name).toBe('Renamed by admin');
    const filtered = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { entity: 'users' } });
    expect(filtered.body.data.data.every((e: { entity: string }) => e.entity === 'users')).toBe(true);
    expect((await call(t, 'GET', '/api/admin/audit', { token: customer.token })).status).toBe(401);
  });
});
