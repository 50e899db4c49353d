import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPglite, type Database } from '../src/db/client';

const MIGRATIONS = path.join(import.meta.dirname, '../drizzle');

/** A copy of the migrations folder that stops after migration `last` (its journal index). */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ruwa-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A database migrated up to just before the migration whose tag ends with `tag`, and the folder it came from. */
async function migratedUntil(tag: string): Promise<{ database: Database; oldMigrations: string }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const next = journal.entries.find((entry) => entry.tag.endsWith(tag))!;
  const database = await connectPglite();
  const oldMigrations = migrationsUpTo(next.idx - 1);
  await migrate(database.db as never, { migrationsFolder: oldMigrations });
  return { database, oldMigrations };
}

const rows = async (database: Database, query: string) =>
  (await database.pglite!.query<Record<string, unknown>>(query)).rows;

/**
 * Data written before payments recorded what they bought as JSON and before state history was one
 * table: the migrations must carry all of it over, nothing lost and nothing reordered.
 */
describe('migrating data written by earlier versions', () => {
  let database: Database;
  let oldMigrations: string;

  beforeAll(async () => {
    database = await connectPglite();
    oldMigrations = migrationsUpTo(12);
    await migrate(database.db as never, { migrationsFolder: oldMigrations });
    await database.pglite!.exec(`
      insert into users (first_name, last_name, email, phone_number, password_hash, referral_code)
        values ('Ada', 'Obi', 'ada@example.com', '+2348030000001', 'x', 'ADA1');
      insert into product_categories (name, kind) values ('Gas', 'gas');
      insert into products (category_id, name, base_price_kobo) values (1, '12.5kg gas', 1500000);
      insert into locations (name, state, country) values ('Yaba', 'Lagos', 'Nigeria');
      insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo,
          sub_amount_kobo, amount_kobo, recipient_address, status, payment_method, payment_reference)
        values (1, 1, 1, '12.5kg gas', 'gas', 1, 1500000, 1500000, 1500000, '1 Herbert Macaulay Way', 'assigned', 'card', 'RUWA_1');
      insert into order_status_history (order_id, from_status, to_status, actor_id, actor_role, note, created_at) values
        (1, null, 'paid', 1, 'customer', 'Paid by card (RUWA_1)', '2026-01-02T10:00:00Z'),
        (1, 'paid', 'assigned', 7, 'agent', null, '2026-01-02T10:05:00Z');
      insert into payments (reference, user_id, purpose, amount_kobo, status, result_ref) values
        ('RUWA_1', 1, 'product_order', 1500000, 'success', 'product_order:1'),
        ('RUWA_2', 1, 'airtime', 10000, 'success', 'vtu:1'),
        ('RUWA_3', 1, 'deposit', 50000, 'success', 'ledger:4'),
        ('RUWA_4', 1, 'subscription_order', 90000, 'success', 'subscription_order:2'),
        ('RUWA_5', 1, 'deposit', 50000, 'initialized', null);
      insert into withdrawals (user_id, destination, amount_kobo, reference, status, history) values
        (1, 'UBA 0123456789 (ADA OBI)', 60000, 'WDR_1', 'reversed',
          '[{"status": "pending", "at": "2026-01-03T09:00:00.000Z"},
            {"status": "reversed", "at": "2026-01-03T09:02:00.000Z", "note": "The bank transfer failed"}]');
      insert into vtu_purchases (user_id, kind, network, phone, amount_kobo, request_id, payment_method, payment_reference, status, history) values
        (1, 'airtime', 'mtn', '+2348030000000', 10000, '202601040900abc', 'card', 'RUWA_2', 'refunded',
          '[{"status": "pending", "at": "2026-01-04T09:00:00.000Z"},
            {"status": "failed", "at": "2026-01-04T09:00:01.000Z"},
            {"status": "refunded", "at": "2026-01-04T09:00:01.000Z"}]');
    `);
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("turns each payment's result reference into what it bought", async () => {
    expect(await rows(database, 'select reference, fulfilment from payments order by reference')).toEqual([
      { reference: 'RUWA_1', fulfilment: { kind: 'order', orderId: 1 } },
      { reference: 'RUWA_2', fulfilment: { kind: 'vtu_purchase', purchaseId: 1 } },
      { reference: 'RUWA_3', fulfilment: { kind: 'deposit', entryId: 4 } },
      { reference: 'RUWA_4', fulfilment: { kind: 'subscription', subscriptionId: 2 } },
      { reference: 'RUWA_5', fulfilment: null },
    ]);
  });

  it('moves order, withdrawal and VTU history into one table, in order, with times, notes and actors', async () => {
    const history = await rows(
      database,
      `select entity, entity_id, from_status, to_status, actor_id, actor_role, note, created_at
       from status_history order by entity, entity_id, id`,
    );
    // entity, id, from, to, actor id, actor role, note, time
    expect(history.map((row) => Object.values(row))).toEqual([
      ['order', 1, null, 'paid', 1, 'customer', 'Paid by card (RUWA_1)', new Date('2026-01-02T10:00:00Z')],
      ['order', 1, 'paid', 'assigned', 7, 'agent', null, new Date('2026-01-02T10:05:00Z')],
      ['vtu_purchase', 1, null, 'pending', 1, 'customer', null, new Date('2026-01-04T09:00:00Z')],
      ['vtu_purchase', 1, 'pending', 'failed', null, 'system', null, new Date('2026-01-04T09:00:01Z')],
      ['vtu_purchase', 1, 'failed', 'refunded', null, 'system', null, new Date('2026-01-04T09:00:01Z')],
      ['withdrawal', 1, null, 'pending', 1, 'customer', null, new Date('2026-01-03T09:00:00Z')],
      [
        'withdrawal',
        1,
        'pending',
        'reversed',
        null,
        'system',
        'The bank transfer failed',
        new Date('2026-01-03T09:02:00Z'),
      ],
    ]);
  });
});

/**
 * Wallets, savings and withdrawals written before the ledger was double-entry: the migration turns
 * them into one opening journal, and not a kobo of any balance moves.
 */
describe('opening the double-entry ledger on existing wallets', () => {
  let database: Database;
  let oldMigrations: string;
  const walletsNow = () => rows(database, 'select user_id, balance_kobo, savings_kobo from wallets order by user_id');
  let before: Record<string, unknown>[];

  beforeAll(async () => {
    database = await connectPglite();
    oldMigrations = migrationsUpTo(16);
    await migrate(database.db as never, { migrationsFolder: oldMigrations });
    await database.pglite!.exec(`
      insert into users (first_name, last_name, email, phone_number, password_hash, referral_code) values
        ('Ada', 'Obi', 'ada@example.com', '+2348030000001', 'x', 'ADA1'),
        ('Bola', 'Ade', 'bola@example.com', '+2348030000002', 'x', 'BOLA1'),
        ('Chi', 'Eze', 'chi@example.com', '+2348030000003', 'x', 'CHI1');
      insert into wallets (user_id, balance_kobo, savings_kobo) values (1, 125050, 40000), (2, 0, 0), (3, 700, 0);
      insert into withdrawals (user_id, destination, amount_kobo, reference, status) values
        (1, 'UBA 0123456789 (ADA OBI)', 20000, 'WDR_1', 'pending'),
        (3, 'GTB 0123456780 (CHI EZE)', 5000, 'WDR_2', 'success');
    `);
    before = await walletsNow();
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('changes no balance and posts one balanced opening journal against the opening-balances account', async () => {
    expect(await walletsNow()).toEqual(before);
    const journals = await rows(database, 'select id, kind, reference from ledger_journals');
    expect(journals).toEqual([{ id: 1, kind: 'opening', reference: 'opening-balances' }]);
    const postings = await rows(
      database,
      `select line.account_code, line.user_id, line.amount_kobo from ledger_journals j,
        unnest(j.account_codes, j.user_ids, j.amounts_kobo) as line (account_code, user_id, amount_kobo)
        order by account_code, user_id`,
    );
    expect(postings.map((p) => [p.account_code, p.user_id, Number(p.amount_kobo)])).toEqual([
      ['2100', 1, -125050],
      ['2100', 3, -700],
      ['2110', 1, -40000],
      // The pending withdrawal's money is held in transit, no longer in the wallet.
      ['2300', null, -20000],
      ['3000', null, 125050 + 700 + 40000 + 20000],
    ]);
    const balances = await rows(
      database,
      'select account_code, sum(balance_kobo) as kobo from ledger_balances group by 1 order by 1',
    );
    expect(balances.map((b) => [b.account_code, Number(b.kobo)])).toEqual([
      ['2300', -20000],
      ['3000', 125050 + 700 + 40000 + 20000],
    ]);
  });
});

/** Agents who had one area before they could serve several keep exactly that area. */
describe('giving agents a set of areas', () => {
  let database: Database;
  let oldMigrations: string;

  beforeAll(async () => {
    ({ database, oldMigrations } = await migratedUntil('agents_serve_several_locations'));
    await database.pglite!.exec(`
      insert into users (first_name, last_name, email, phone_number, password_hash, referral_code) values
        ('Ada', 'Obi', 'ada@example.com', '+2348030000001', 'x', 'ADA1'),
        ('Bola', 'Ade', 'bola@example.com', '+2348030000002', 'x', 'BOLA1'),
        ('Chi', 'Eze', 'chi@example.com', '+2348030000003', 'x', 'CHI1');
      insert into locations (name, state, country) values ('Yaba', 'Lagos', 'Nigeria'), ('Lekki', 'Lagos', 'Nigeria');
      insert into agents (user_id, business_name, business_email, location_id, status) values
        (1, 'Yaba Water', 'yaba@example.com', 1, 'approved'),
        (2, 'Lekki Gas', 'lekki@example.com', 2, 'pending'),
        (3, 'Nowhere Yet', 'none@example.com', null, 'pending');
    `);
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("copies each agent's one area into their set, and gives none to an agent who had none", async () => {
    expect(await rows(database, 'select agent_id, location_id from agent_locations order by agent_id')).toEqual([
      { agent_id: 1, location_id: 1 },
      { agent_id: 2, location_id: 2 },
    ]);
  });
});

/**
 * Journals whose postings were rows of their own, events marked once their alerts were sent, orders
 * marked once their codes were texted: the lines move into their journals in posting order, and
 * the alerts and codes still to send are queued.
 */
describe('journal lines in the journal, alerts and delivery codes to send in queues', () => {
  let database: Database;
  let oldMigrations: string;

  beforeAll(async () => {
    ({ database, oldMigrations } = await migratedUntil('journal_lines_in_the_journal'));
    await database.pglite!.exec(`
      insert into users (first_name, last_name, email, phone_number, password_hash, referral_code)
        values ('Ada', 'Obi', 'ada@example.com', '+2348030000001', 'x', 'ADA1');
      insert into ledger_journals (kind, reference) values ('deposit', 'PSK_1'), ('purchase', 'WALLET-1');
      insert into ledger_postings (journal_id, account_code, user_id, amount_kobo) values
        (1, '1100', null, 50000), (1, '2100', 1, -50000),
        (2, '2100', 1, 30000), (2, '4110', null, -25000), (2, '4300', null, -5000);
      insert into locations (name, state, country) values ('Yaba', 'Lagos', 'Nigeria');
      insert into product_categories (name, kind) values ('Gas', 'gas');
      insert into products (category_id, name, base_price_kobo) values (1, '12.5kg gas', 1500000);
      insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo,
          sub_amount_kobo, amount_kobo, recipient_address, status, payment_method, payment_reference, delivery_code_sent_at)
        values
          (1, 1, 1, '12.5kg gas', 'gas', 1, 1500000, 1500000, 1500000, '1 Herbert Macaulay Way', 'paid', 'card', 'RUWA_1', null),
          (1, 1, 1, '12.5kg gas', 'gas', 1, 1500000, 1500000, 1500000, '1 Herbert Macaulay Way', 'paid', 'card', 'RUWA_2', now()),
          (1, 1, 1, '12.5kg gas', 'gas', 1, 1500000, 1500000, 1500000, '1 Herbert Macaulay Way', 'cancelled', 'card', 'RUWA_3', null);
      insert into events (type, payload, alerted_at) values
        ('order.available', '{"id": 1}', null),
        ('order.updated', '{"id": 1}', now()),
        ('raffle.updated', '{}', null),
        ('order.updated', '{"id": 2}', null);
    `);
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('moves each journal’s postings into its row, in the order they were posted', async () => {
    expect(
      await rows(database, 'select kind, account_codes, user_ids, amounts_kobo from ledger_journals order by id'),
    ).toEqual([
      { kind: 'deposit', account_codes: ['1100', '2100'], user_ids: [null, 1], amounts_kobo: [50000, -50000] },
      {
        kind: 'purchase',
        account_codes: ['2100', '4110', '4300'],
        user_ids: [1, null, null],
        amounts_kobo: [30000, -25000, -5000],
      },
    ]);
    expect(await rows(database, "select to_regclass('ledger_postings') as postings")).toEqual([{ postings: null }]);
  });

  it('queues the delivery codes of paid orders not yet texted', async () => {
    expect(await rows(database, 'select order_id from delivery_codes_due')).toEqual([{ order_id: 1 }]);
  });

  it('queues the alerting events not yet alerted', async () => {
    expect(await rows(database, 'select first_event_id, event_ids from event_alerts')).toEqual([
      { first_event_id: 1, event_ids: [1, 4] },
    ]);
  });
});

/** Admins from before staff roles could do everything: they become owners, and customers stay staff-less. */
describe('staff roles', () => {
  let database: Database;
  let oldMigrations: string;

  beforeAll(async () => {
    ({ database, oldMigrations } = await migratedUntil('staff_roles'));
    await database.pglite!.exec(`
      insert into users (first_name, last_name, email, phone_number, password_hash, referral_code, role) values
        ('Ada', 'Obi', 'ada@example.com', '+2348030000001', 'x', 'ADA1', 'customer'),
        ('Bola', 'Boss', 'bola@example.com', '+2348030000002', 'x', 'BOLA1', 'admin'),
        ('Chi', 'Boss', 'chi@example.com', '+2348030000002', 'x', 'CHI1', 'admin');
    `);
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('makes every existing admin an owner', async () => {
    expect(await rows(database, 'select email, role, staff_role from users order by id')).toEqual([
      { email: 'ada@example.com', role: 'customer', staff_role: null },
      { email: 'bola@example.com', role: 'admin', staff_role: 'owner' },
      { email: 'chi@example.com', role: 'admin', staff_role: 'owner' },
    ]);
    // And no admin can be left without a role afterwards.
    await expect(
      database.pglite!.exec(`update users set staff_role = null where email = 'bola@example.com'`),
    ).rejects.toThrow(/users_staff_role_admin_check/);
  });
});
