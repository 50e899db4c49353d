import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { listOutbox } from '../../platform/mail/mailer';
import { credit } from '../wallet/service';

let t: TestApp;
let admin: Actor;
let productId: number;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_SUPPORT_CASES_PER_HOUR: '3' });
  admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'bottle_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    locations: [{ id: location.id, product_location_price: 500 }],
  });
  productId = product.id;
  locationId = location.id;
});
afterAll(() => t.close());

/** A customer with money in the wallet, one water order and one airtime purchase, and their references. */
async function customerWithPurchases() {
  const customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 5_000_00,
      type: 'deposit',
      reference: `seed-support-${customer.user.id}`,
      description: 'Deposit',
    }),
  );
  const order = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: productId,
      location_id: locationId,
      quantity: 1,
      recipient_address: '1 Marina Road, Lagos',
      payment_method: 'wallet',
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const airtime = await call(t, 'POST', '/api/product-order/buy/airtime', {
    token: customer.token,
    body: { amount: 100, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
  });
  expect(airtime.status, JSON.stringify(airtime.body)).toBeLessThan(300);
  const wallet = await call(t, 'GET', '/api/wallet-transactions/me', { token: customer.token });
  const deposit = (wallet.body.data.data as { tx_id: string; type: string }[]).find((row) => row.type === 'deposit')!;
  return {
    customer,
    order: `ORD-${order.body.data.id}`,
    vtu: `VTU-${airtime.body.data.id}`,
    tx: deposit.tx_id,
  };
}

const report = (actor: Actor, reference: string, message = 'The water never came, please check.') =>
  call(t, 'POST', '/api/support/cases', { token: actor.token, body: { reference, message } });

describe('support cases', () => {
  it('opens a case for the customer’s own order, airtime purchase or wallet movement', async () => {
    const { customer, order, vtu, tx } = await customerWithPurchases();
    const opened = await report(customer, order.toLowerCase());
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.data).toMatchObject({
      reference: order,
      status: 'open',
      messages: [{ from: 'customer', body: 'The water never came, please check.' }],
    });
    expect(opened.body.message).toContain(`#${opened.body.data.id}`);
    expect((await report(customer, vtu)).status).toBe(201);
    expect((await report(customer, tx)).status).toBe(201);

    const mine = await call(t, 'GET', '/api/support/cases', { token: customer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.data.map((c: { reference: string }) => c.reference)).toEqual([tx, vtu, order]);
  });

  it('answers 404 for another customer’s purchase and 422 for a bad reference or message', async () => {
    const owner = await customerWithPurchases();
    const other = await createUser(t);
    // Refused tries count toward the hourly limit too (references cannot be probed): a second prober.
    const prober = await createUser(t);
    for (const reference of [owner.order, owner.vtu, owner.tx]) {
      const res = await report(other, reference);
      expect(res.status, reference).toBe(404);
    }
    expect((await report(prober, 'SUB-999999')).status).toBe(404);
    const badReference = await report(other, 'my order');
    expect(badReference.status).toBe(422);
    expect(badReference.body.errors.reference).toBeDefined();
    const short = await report(owner.customer, owner.order, 'help');
    expect(short.status).toBe(422);
    expect(short.body.errors.message).toBeDefined();
    const long = await report(owner.customer, owner.order, 'x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.errors.message).toBeDefined();
    // Neither customer sees a case that was never opened, nor the other's.
    expect((await call(t, 'GET', '/api/support/cases', { token: other.token })).body.data.total).toBe(0);
  });

  it('lets a customer open only a few cases an hour', async () => {
    const { customer, order } = await customerWithPurchases();
    for (let i = 0; i < 3; i++) expect((await report(customer, order)).status).toBe(201);
    const refused = await report(customer, order);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('is for admins only on the admin routes (403 for a customer)', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/support/cases', { token: customer.token })).status).toBe(403);
    expect(
      (
        await call(t, 'POST', '/api/admin/support/cases/reply', {
          token: customer.token,
          body: { id: 1, message: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('lists cases for admins by status; notes stay internal, a reply notifies and e-mails the customer', async () => {
    const { customer, order } = await customerWithPurchases();
    const opened = (await report(customer, order)).body.data as { id: number };

    const open = await call(t, 'GET', '/api/admin/support/cases', { token: admin.token, query: { status: 'open' } });
    expect(open.status).toBe(200);
    const listed = open.body.data.data.find((c: { id: number }) => c.id === opened.id);
    expect(listed).toMatchObject({
      reference: order,
      reference_kind: 'order',
      reference_id: Number(order.slice(4)),
      customer: { id: customer.user.id, email: customer.user.email },
    });

    const note = await call(t, 'POST', '/api/admin/support/cases/add-note', {
      token: admin.token,
      body: { id: opened.id, note: 'Agent says the gate was locked.' },
    });
    expect(note.status).toBe(200);
    const replied = await call(t, 'POST', '/api/admin/support/cases/reply', {
      token: admin.token,
      body: { id: opened.id, message: 'Sorry! Your water will come this afternoon.' },
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    const moved = await call(t, 'POST', '/api/admin/support/cases/update-status', {
      token: admin.token,
      body: { id: opened.id, status: 'waiting_on_customer' },
    });
    expect(moved.body.data.status).toBe('waiting_on_customer');
    expect(moved.body.data.entries.map((e: { kind: string }) => e.kind)).toEqual(['message', 'note', 'reply']);

    const waiting = await call(t, 'GET', '/api/admin/support/cases', {
      token: admin.token,
      query: { status: 'waiting_on_customer' },
    });
    expect(waiting.body.data.data.map((c: { id: number }) => c.id)).toContain(opened.id);
    const stillOpen = await call(t, 'GET', '/api/admin/support/cases', {
      token: admin.token,
      query: { status: 'open' },
    });
    expect(stillOpen.body.data.data.map((c: { id: number }) => c.id)).not.toContain(opened.id);

    // The customer sees the reply, never the note.
    const mine = (await call(t, 'GET', '/api/support/cases', { token: customer.token })).body.data.data[0];
    expect(mine.status).toBe('waiting_on_customer');
    expect(mine.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['customer', 'The water never came, please check.'],
      ['support', 'Sorry! Your water will come this afternoon.'],
    ]);

    // The customer answers (only on their own case), and the case is open again.
    const stranger = await createUser(t);
    const refused = await call(t, 'POST', '/api/support/cases/reply', {
      token: stranger.token,
      body: { id: opened.id, message: 'Not my case' },
    });
    expect(refused.status).toBe(404);
    const answered = await call(t, 'POST', '/api/support/cases/reply', {
      token: customer.token,
      body: { id: opened.id, message: 'Thank you, I will be home.' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data.status).toBe('open');
    expect(answered.body.data.messages.at(-1)).toMatchObject({ from: 'customer', body: 'Thank you, I will be home.' });

    const notes = await call(t, 'GET', '/api/notifications/me', { token: customer.token });
    expect(notes.body.data.data[0]).toMatchObject({
      kind: 'support',
      title: `Ruwa replied to case #${opened.id} (${order})`,
      description: 'Sorry! Your water will come this afternoon.',
    });
    const mail = (await listOutbox(t.db)).find(
      (m) => m.to === customer.user.email && m.subject.includes(`#${opened.id}`),
    );
    expect(mail?.text).toContain('Sorry! Your water will come this afternoon.');
    expect(mail?.text).not.toContain('gate was locked');
  });

  it('answers 422 for an unknown status filter and 404 for a case that does not exist', async () => {
    const res = await call(t, 'GET', '/api/admin/support/cases', { token: admin.token, query: { status: 'lost' } });
    expect(res.status).toBe(422);
    const missing = await call(t, 'POST', '/api/admin/support/cases/reply', {
      token: admin.token,
      body: { id: 999_999, message: 'Hello there' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('support contacts', () => {
  it('are empty until an admin sets them, then readable by anyone; bad ones are refused per field', async () => {
    expect((await call(t, 'GET', '/api/support/contacts')).body.data).toEqual({
      phone: null,
      whatsapp: null,
      email: null,
    });
    const bad = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { support: { phone: '12345', email: 'not-an-email' } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['support.email', 'support.phone']);
    const saved = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { support: { phone: '0803 123 4567', whatsapp: '+2348091234567', email: 'Help@Ruwa.ng' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.support).toEqual({
      phone: '+2348031234567',
      whatsapp: '+2348091234567',
      email: 'help@ruwa.ng',
    });
    expect((await call(t, 'GET', '/api/support/contacts')).body.data).toEqual({
      phone: '+2348031234567',
      whatsapp: '+2348091234567',
      email: 'help@ruwa.ng',
    });
  });
});
