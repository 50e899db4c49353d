import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { queryRows } from '../../../test/helpers/money-invariants';
import { sandboxCharge } from '../../../test/helpers/payments';

/**
 * A wallet-paid order is written by one SQL statement (decision 012), a card-paid one by the
 * TypeScript path each module owns. Whatever either writes beside the payment itself must be the
 * same: the order, its status history, the customer's notification, the live events and their
 * audiences, the alert queued for them, and the delivery code queued to be texted.
 */
let t: TestApp;
let admin: Actor;
let product: { id: number };
let location: { id: number };
const PRICE = 450;
const FEE = 150;
const AMOUNT = 2 * PRICE + FEE;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  location = await createLocation(t, admin.token, { delivery_fee: FEE });
  product = await createProduct(t, admin.token, {
    product_category: (await createCategory(t, admin.token, { kind: 'sachet_water' })).id,
    locations: [{ id: location.id, product_location_price: PRICE }],
  });
});
afterAll(() => t.close());

// Alerts are claimed (their row deleted) as soon as they are announced: the test keeps a copy of
// every row written to the queue.
beforeAll(async () => {
  await t.db.execute(sql`create table test_event_alerts_written (event_ids bigint[] not null)`);
  await t.db.execute(sql`create function test_keep_event_alert() returns trigger language plpgsql as $$
    begin insert into test_event_alerts_written values (new.event_ids); return new; end $$`);
  await t.db.execute(sql`create trigger test_keep_event_alert after insert on event_alerts
    for each row execute function test_keep_event_alert()`);
});

const body = {
  quantity: 2,
  recipient_address: '14 Awolowo Road, Ikoyi',
  recipient_phone: '08039998877',
  landmark: 'Opposite the filling station',
};

async function placeByCard(customer: Actor) {
  const reference = await sandboxCharge(t, { amountKobo: AMOUNT * 100, email: customer.user.email });
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: { ...body, product_id: product.id, location_id: location.id, transaction_id: reference },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function placeFromWallet(customer: Actor) {
  const funding = await sandboxCharge(t, { amountKobo: AMOUNT * 100, email: customer.user.email });
  const deposit = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: customer.token,
    body: { amount: AMOUNT, tx_id: funding },
  });
  expect(deposit.status).toBe(200);
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: { ...body, product_id: product.id, location_id: location.id, payment_method: 'wallet' },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/**
 * Every row the order wrote outside the payment, table by table, with what differs by nature (ids,
 * times, the customer, the payment's method and reference) put in words, so the rest compares whole.
 */
async function rowsWrittenFor(orderId: number, customer: Actor) {
  const [order] = await queryRows(t.db, sql`select * from orders where id = ${orderId}`);
  const reference = String(order!.payment_reference);
  const method = String(order!.payment_method);
  const CUSTOMER_KEYS = ['user_id', 'actor_id', 'area_except_user_id'];
  const ORDER_KEYS = ['entity_id', 'order_id'];
  const words = (value: unknown, key = ''): unknown => {
    if (value instanceof Date) return 'TIME';
    if (Array.isArray(value)) return value.map((item) => words(item, key === 'user_ids' ? 'user_id' : key));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([inner]) => !['id', 'created_at', 'updated_at', 'delivery_code'].includes(inner))
          .map(([inner, item]) => [inner, words(item, inner)]),
      );
    if (CUSTOMER_KEYS.includes(key) && value === customer.user.id) return 'CUSTOMER';
    if (ORDER_KEYS.includes(key) && value === orderId) return 'ORDER';
    if (typeof value !== 'string') return value;
    return value
      .replaceAll(reference, 'REFERENCE')
      .replace(new RegExp(`\\b${method}\\b`, 'g'), 'METHOD')
      .replace(new RegExp(`#${orderId}\\b`, 'g'), '#ORDER');
  };
  const events = await queryRows(
    t.db,
    sql`select * from events where (payload ->> 'id')::int = ${orderId} and type like 'order.%' order by type`,
  );
  const eventIds = events.map((event) => Number(event.id));
  const alerts = await queryRows(
    t.db,
    sql`select event_ids from test_event_alerts_written where event_ids && ${`{${eventIds.join(',')}}`}::bigint[]`,
  );
  return {
    orders: words(order),
    status_history: words(
      await queryRows(t.db, sql`select * from status_history where entity = 'order' and entity_id = ${orderId}`),
    ),
    notifications: words(
      await queryRows(
        t.db,
        sql`select * from notifications where user_id = ${customer.user.id} and description like ${`%#${orderId} %`}`,
      ),
    ),
    events: words(events.map((event) => ({ ...event, order: (event.payload as { id: number }).id === orderId }))),
    event_alerts: alerts.map((alert) => (alert.event_ids as (string | number)[]).length),
    delivery_codes_due: words(await queryRows(t.db, sql`select * from delivery_codes_due where order_id = ${orderId}`)),
  };
}

describe('an order paid by card and the same order paid from the wallet', () => {
  it('write the same rows in every table beside the payment', async () => {
    const byCard = await createUser(t);
    const fromWallet = await createUser(t);
    const card = await rowsWrittenFor(await placeByCard(byCard), byCard);
    const wallet = await rowsWrittenFor(await placeFromWallet(fromWallet), fromWallet);

    // Each table was written, so an empty table cannot make the two agree.
    expect(card.status_history).toHaveLength(1);
    expect(card.notifications).toHaveLength(1);
    expect(card.events).toHaveLength(2);
    expect(card.event_alerts).toEqual([2]);
    expect(card.delivery_codes_due).toHaveLength(1);
    for (const table of Object.keys(card) as (keyof typeof card)[]) expect(wallet[table], table).toEqual(card[table]);
  });
});
