import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/modules/auth/password';

export const BENCH_PASSWORD = 'bench-password-2026';

export type Customer = { id: number; email: string; token: string };
export type Fixture = {
  locationId: number;
  productIds: number[];
  /** The water among them: bought without a cylinder size. */
  waterProductIds: number[];
  customers: Customer[];
  admin: Customer;
  walletKobo: number;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The data every scenario reads and writes, written with set-based SQL on a migrated database:
 * a location selling 50 products (the gas ones by cylinder size), customers with live tokens and funded wallets (each backed by a
 * ledger deposit, so balance == sum of entries from the start), and a history of card-paid orders with
 * their journals, as the app would have posted them.
 */
export async function seedFixture(
  url: string,
  options: { customers: number; ordersPerCustomer: number; walletKobo: number },
): Promise<Fixture> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await client.query('begin');
    const categories = await client.query<{ id: number }>(
      `insert into product_categories (name, kind) values ('Bench sachet water', 'sachet_water'), ('Bench cooking gas', 'gas') returning id`,
    );
    const [water, gas] = categories.rows.map((r) => r.id);
    const locations = await client.query<{ id: number }>(
      `insert into locations (name, state, country) values ('Bench Lekki', 'Lagos', 'Nigeria'), ('Bench Ikeja', 'Lagos', 'Nigeria') returning id`,
    );
    const [locationId, otherLocation] = locations.rows.map((r) => r.id) as [number, number];
    const products = await client.query<{ id: number; category_id: number }>(
      `insert into products (category_id, name, description, tags, images, base_price_kobo)
       select case when i % 2 = 0 then $1::int else $2::int end, 'Bench product ' || i,
              'A product the benchmark sells, with a description of ordinary length for a catalogue card.',
              '["bench", "water"]'::jsonb, jsonb_build_array('/uploads/products/bench-' || i || '.webp'), 20000 + i * 150
       from generate_series(1, 50) as i returning id, category_id`,
      [water, gas],
    );
    const productIds = products.rows.map((r) => r.id);
    const waterProductIds = products.rows.filter((r) => r.category_id === water).map((r) => r.id);
    // Every other product has a location price, so the coalesce picks both ways.
    await client.query(
      `insert into product_locations (product_id, location_id, price_kobo)
       select id, $1, case when id % 2 = 0 then null else 21000 + (id % 50) * 100 end from unnest($2::int[]) as id`,
      [locationId, productIds],
    );
    await client.query(
      `insert into product_locations (product_id, location_id, price_kobo) select id, $1, null from unnest($2::int[]) as id`,
      [otherLocation, productIds.slice(0, 10)],
    );
    // Gas is sold by cylinder at the location: a 6 kg size for refills only, a 12.5 kg one new too.
    await client.query(
      `insert into product_cylinders (product_id, location_id, size_grams, refill_price_kobo, new_price_kobo)
       select p.id, $1, s.grams, s.refill, s.fresh from products p, (values (6000, 750000, null::bigint), (12500, 1500000, 4500000)) as s(grams, refill, fresh)
       where p.id = any($2::int[]) and p.category_id = $3`,
      [locationId, productIds, gas],
    );

    const users = await client.query<{ id: number; email: string }>(
      `insert into users (first_name, last_name, email, phone_number, password_hash, role, staff_role, referral_code)
       select 'Bench', 'Customer' || i, 'bench' || i || '@ruwa.test', '+234803' || lpad(i::text, 7, '0'), $1,
              case when i = 0 then 'admin' else 'customer' end, case when i = 0 then 'owner' end, 'BENCH' || i
       from generate_series(0, $2::int) as i order by i returning id, email`,
      [passwordHash, options.customers],
    );
    const tokens = users.rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into auth_tokens (user_id, token_hash, expires_at) select u, h, now() + interval '30 days' from unnest($1::int[], $2::text[]) as t(u, h)`,
      [users.rows.map((u) => u.id), tokens.map(hashToken)],
    );
    const customerIds = users.rows.slice(1).map((u) => u.id);
    await client.query(`insert into wallets (user_id, balance_kobo) select id, $2 from unnest($1::int[]) as id`, [
      customerIds,
      options.walletKobo,
    ]);
    await client.query(
      `insert into ledger_entries (wallet_id, tx_id, type, amount_kobo, balance_after_kobo, reference, description)
       select id, 'TXBENCH' || id, 'deposit', balance_kobo, balance_kobo, 'bench-seed-' || id, 'Bench opening balance' from wallets`,
    );
    // Each seeded balance is a deposit in the double-entry books too: Paystack clearing against the wallet.
    await client.query(
      `with journals as (
         insert into ledger_journals (kind, reference, account_codes, user_ids, amounts_kobo)
         select 'deposit', 'bench-seed-' || id, '{2100,1100}', array[user_id, null], array[-balance_kobo, balance_kobo] from wallets
       )
       insert into ledger_balances (account_code, shard, balance_kobo) select '1100', 0, coalesce(sum(balance_kobo), 0) from wallets`,
    );
    // Each seeded order had its delivery code texted seconds after it was paid, as the app does: none
    // is queued in delivery_codes_due, so the delivery-code job texts only the measured run's orders.
    await client.query(
      `insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo, sub_amount_kobo,
                           amount_kobo, recipient_address, status, payment_method, payment_reference, created_at, updated_at)
       select u, p, $3, 'Bench product', 'sachet_water', 1 + j % 3, 21000, 21000 * (1 + j % 3), 21000 * (1 + j % 3), '12 Admiralty Way, Lekki',
              (array['paid', 'assigned', 'out_for_delivery', 'delivered', 'delivered', 'delivered'])[1 + j % 6], 'card',
              'BENCH_' || u || '_' || j, now() - (j || ' hours')::interval, now() - (j || ' hours')::interval
       from unnest($1::int[]) as u, generate_series(1, $2::int) as j, lateral (select ($4::int[])[1 + (u + j) % 50] as p) as pick`,
      [customerIds, options.ordersPerCustomer, locationId, productIds],
    );
    // Each card-paid order posted its journal when it was paid: Paystack clearing debited, sales credited.
    await client.query(
      `with paid as (
         insert into ledger_journals (kind, reference, created_at, account_codes, user_ids, amounts_kobo)
         select 'card_payment', payment_reference, created_at, '{1100,4110}', '{NULL,NULL}', array[amount_kobo, -amount_kobo]
         from orders where payment_method = 'card'
         returning amounts_kobo[1] as amount_kobo
       )
       insert into ledger_balances (account_code, shard, balance_kobo)
       select code, 0, kobo from (select '1100' as code, sum(amount_kobo)::bigint as kobo from paid union all select '4110', -sum(amount_kobo)::bigint from paid) as t
       on conflict (account_code, shard) do update set balance_kobo = ledger_balances.balance_kobo + excluded.balance_kobo`,
    );
    await client.query('commit');
    // Done now rather than by autovacuum in the middle of a measured run (PostgreSQL 13+ vacuums
    // after large inserts too): statistics for the planner, the visibility map for index-only scans.
    await client.query('vacuum (analyze)');
    const all = users.rows.map((u, i) => ({ id: u.id, email: u.email, token: tokens[i]! }));
    return {
      locationId,
      productIds,
      waterProductIds,
      customers: all.slice(1),
      admin: all[0]!,
      walletKobo: options.walletKobo,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Paid sandbox charges, as Paystack's checkout records them: charge n paid by emails[n % length]. */
export async function seedSandboxCharges(
  url: string,
  count: number,
  amountKobo: number,
  emails: string[],
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const prefix = `BENCHDEP_${randomBytes(3).toString('hex').toUpperCase()}_`;
    await client.query(
      `insert into sandbox_paystack_transactions (reference, access_code, email, amount_kobo, currency, status, gateway_response, paid_at)
       select $1 || i, 'ac_' || $1 || i, ($3::text[])[1 + (i - 1) % cardinality($3::text[])], $4, 'NGN', 'success', 'Approved', now()
       from generate_series(1, $2::int) as i`,
      [prefix, count, emails, amountKobo],
    );
    return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  } finally {
    await client.end();
  }
}

/** Wallets whose balance is not the sum of their ledger entries: must be empty after every scenario. */
export async function ledgerCheck(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const bad = await client.query(
      `select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
       group by w.id, w.balance_kobo having w.balance_kobo <> coalesce(sum(e.amount_kobo), 0)`,
    );
    const totals = await client.query<{
      wallets: number;
      entries: number;
      purchases: number;
      deposits: number;
      wallet_orders: number;
      journals: number;
    }>(
      `select (select count(*) from wallets) as wallets, (select count(*) from ledger_entries) as entries,
              (select count(*) from ledger_entries where type = 'purchase') as purchases,
              (select count(*) from ledger_entries where type = 'deposit' and reference not like 'bench-seed-%') as deposits,
              (select count(*) from orders where payment_method = 'wallet') as wallet_orders,
              (select count(*) from ledger_journals) as journals`,
    );
    // The trial balance's own sources: the platform running balances and the customer wallet rows.
    const trial = await client.query<{ debit: string; credit: string }>(
      `select coalesce(sum(greatest(b, 0)), 0) as debit, coalesce(sum(greatest(-b, 0)), 0) as credit from (
         select sum(balance_kobo) as b from ledger_balances group by account_code
         union all select -coalesce(sum(balance_kobo), 0) from wallets
         union all select -coalesce(sum(savings_kobo), 0) from wallets) balances`,
    );
    const { debit, credit } = trial.rows[0]!;
    return { inconsistent: bad.rowCount ?? 0, ...totals.rows[0]!, trialBalanced: debit === credit };
  } finally {
    await client.end();
  }
}
