/**
 * Seeds a migrated database at production scale with set-based SQL (generate_series), so a million
 * orders take a minute rather than an hour: customers with wallets, a small catalogue, orders spread
 * over the last year, and a ledger that stays consistent (every wallet's balance == sum of entries).
 *
 *   node --import tsx bench/seed-scale.ts <database-url> [--users 100000] [--orders 1000000]
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/modules/auth/password';

export const SCALE_PASSWORD = 'scale-password-2026';
const WALLET_KOBO = 1_000_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type ScaleBase = {
  adminToken: string;
  customerToken: string;
  customerEmail: string;
  firstUserId: number;
  users: number;
};

/** Users (one admin first), their wallets with an opening deposit, five locations and ten products. */
export async function seedScaleBase(client: pg.Client, users: number): Promise<ScaleBase> {
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  await client.query('begin');
  await client.query(
    `insert into product_categories (name, kind) values ('Scale water', 'sachet_water'), ('Scale gas', 'gas')`,
  );
  await client.query(
    `insert into locations (name, state, country) select 'Scale area ' || i, 'Lagos', 'Nigeria' from generate_series(1, 5) as i`,
  );
  await client.query(
    `insert into products (category_id, name, base_price_kobo)
     select (select min(id) from product_categories) + i % 2, 'Scale product ' || i, 20000 + i * 1000 from generate_series(1, 10) as i`,
  );
  await client.query(
    `insert into product_locations (product_id, location_id) select p.id, l.id from products p, locations l`,
  );
  const first = await client.query<{ id: number }>(
    `insert into users (first_name, last_name, email, phone_number, password_hash, role, staff_role, referral_code, created_at)
     select (array['Ada', 'Chinedu', 'Bola', 'Emeka', 'Funke', 'Ibrahim', 'Ngozi', 'Tunde', 'Zainab', 'Yusuf'])[1 + i % 10],
            (array['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Musa', 'Nwosu', 'Ogunleye', 'Abubakar', 'Obi'])[1 + (i / 10) % 10],
            'scale' || i || '@ruwa.test', '+234803' || lpad(i::text, 7, '0'), $1, case when i = 0 then 'admin' else 'customer' end,
            case when i = 0 then 'owner' end, 'SC' || i, now() - ((i * 53) % 525600 || ' minutes')::interval
     from generate_series(0, $2::int) as i order by i returning id`,
    [passwordHash, users],
  );
  const firstUserId = first.rows[0]!.id;
  await client.query(`insert into wallets (user_id, balance_kobo) select id, $1 from users where role = 'customer'`, [
    WALLET_KOBO,
  ]);
  await client.query(
    `insert into ledger_entries (wallet_id, tx_id, type, amount_kobo, balance_after_kobo, reference, description, created_at)
     select id, 'TXSCALE' || id, 'deposit', balance_kobo, balance_kobo, 'scale-open-' || id, 'Opening balance', now() - interval '400 days' from wallets`,
  );
  const adminToken = randomBytes(32).toString('base64url');
  const customerToken = randomBytes(32).toString('base64url');
  // The measured customer is an ordinary one: orders are spread evenly over all customers.
  const customerId = firstUserId + 4242;
  await client.query(
    `insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '30 days'), ($3, $4, now() + interval '30 days')`,
    [firstUserId, hashToken(adminToken), customerId, hashToken(customerToken)],
  );
  const email = await client.query<{ email: string }>('select email from users where id = $1', [customerId]);
  await client.query('commit');
  return { adminToken, customerToken, customerEmail: email.rows[0]!.email, firstUserId, users };
}

/**
 * Orders number `from + 1` to `to`, spread evenly over the customers and over the last 365 days;
 * one in three paid from the wallet with its ledger debit, and a top-up deposit per wallet so that
 * balances stay equal to the sum of their entries.
 */
export async function addScaleOrders(client: pg.Client, base: ScaleBase, from: number, to: number): Promise<void> {
  const batch = 250_000;
  for (let start = from; start < to; start += batch) {
    const end = Math.min(to, start + batch);
    await client.query('begin');
    const marks = await client.query<{ orders: number; entries: number }>(
      'select (select coalesce(max(id), 0) from orders) as orders, (select coalesce(max(id), 0) from ledger_entries) as entries',
    );
    const { orders: ordersBefore, entries: entriesBefore } = marks.rows[0]!;
    await client.query(
      `insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo, sub_amount_kobo,
                           amount_kobo, recipient_address, status, payment_method, payment_reference, created_at, updated_at)
       select $3::int + 1 + i % $4::int, p.id, l.id, p.name, case when p.id % 2 = 0 then 'gas' else 'sachet_water' end, q, p.base_price_kobo,
              p.base_price_kobo * q, p.base_price_kobo * q, 'Plot ' || i % 400 || ', Admiralty Way, Lekki',
              (array['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'paid', 'assigned', 'out_for_delivery', 'cancelled', 'refunded'])[1 + (i / 7) % 10],
              case when i % 3 = 0 then 'wallet' else 'card' end, 'SCALE_' || i, t, t
       from generate_series($1::int + 1, $2::int) as i
       cross join lateral (select now() - ((i::bigint * 7919) % 31536000 || ' seconds')::interval as t, 1 + i % 3 as q) as v
       join (select id, name, base_price_kobo, row_number() over (order by id) - 1 as n from products) as p on p.n = i % 10
       join (select id, row_number() over (order by id) - 1 as n from locations) as l on l.n = i % 5`,
      [start, end, base.firstUserId, base.users],
    );
    await client.query(
      `insert into ledger_entries (wallet_id, tx_id, type, amount_kobo, balance_after_kobo, reference, description, created_at)
       select w.id, 'TXSO' || o.id, 'purchase', -o.amount_kobo, $2::bigint, o.payment_reference, o.product_name, o.created_at
       from orders o join wallets w on w.user_id = o.user_id
       where o.payment_method = 'wallet' and o.id > $1`,
      [ordersBefore, WALLET_KOBO],
    );
    await client.query(
      `insert into ledger_entries (wallet_id, tx_id, type, amount_kobo, balance_after_kobo, reference, description, created_at)
       select wallet_id, 'TXSTOP' || $2::int || '_' || wallet_id, 'deposit', -sum(amount_kobo), $3::bigint, 'scale-topup-' || $2::int || '-' || wallet_id,
              'Top-up', min(created_at) - interval '1 minute'
       from ledger_entries where id > $1 and type = 'purchase' group by wallet_id`,
      [entriesBefore, end, WALLET_KOBO],
    );
    await client.query('commit');
  }
  // What autovacuum does to a table after a bulk load: statistics, and the visibility map that lets
  // the dashboard's scan read its covering index alone.
  await client.query('vacuum analyze');
}

async function cli() {
  const url = process.argv[2];
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  if (!url) throw new Error('usage: seed-scale.ts <database-url> [--users N] [--orders N]');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const base = await seedScaleBase(client, arg('users', 100_000));
  await addScaleOrders(client, base, 0, arg('orders', 1_000_000));
  await client.end();
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1]?.endsWith('seed-scale.ts')) await cli();
