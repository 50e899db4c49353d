import { randomUUID } from 'node:crypto';
import { lagosDay } from '@ruwa/contract/dates';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { queryRows } from '../../../test/helpers/money-invariants';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { checkPaystackDay, SETTLING_MS } from '../reconciliation/service';
import { credit, getWithdrawal } from '../wallet/service';
import { ACCOUNTS } from './accounts';
import { JOURNALS, type Journal, type Posting } from './journals';
import { ledgerAccounts, ledgerJournals } from './schema';
import { ledgerViolations, post } from './service';

let t: TestApp;
let admin: Actor;
let water: { productId: number; locationId: number };
let gas: { productId: number; locationId: number };
const WATER_NAIRA = 350;
const GAS_NAIRA = 7_500;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  const location = await createLocation(t, admin.token);
  const product = async (kind: 'sachet_water' | 'gas', naira: number) =>
    (
      await createProduct(t, admin.token, {
        product_category: (await createCategory(t, admin.token, { kind })).id,
        locations: [{ id: location.id, product_location_price: naira }],
      })
    ).id;
  water = { productId: await product('sachet_water', WATER_NAIRA), locationId: location.id };
  gas = { productId: await product('gas', GAS_NAIRA), locationId: location.id };
});
afterAll(() => t.close());
// Whatever a test did, the books still balance and every wallet is its account.
afterEach(async () => expect(await ledgerViolations(t.db)).toEqual([]));

type Line = [account: string, debitKobo: number, creditKobo: number];
/** The kinds of journal the tests below have looked at, posted by the app's own flows. */
const kindsSeen = new Set<string>();
/** The journals under a reference, as the admin sees them: kind and [account, debit, credit] lines. */
async function journals(reference: string): Promise<{ kind: string; lines: Line[] }[]> {
  const res = await call(t, 'GET', '/api/admin/ledger/journal', { token: admin.token, query: { reference } });
  expect(res.status).toBe(200);
  const found = (
    res.body.data as {
      kind: string;
      postings: { account_code: string; debit_kobo: number; credit_kobo: number }[];
    }[]
  ).map((j) => ({ kind: j.kind, lines: j.postings.map((p) => [p.account_code, p.debit_kobo, p.credit_kobo] as Line) }));
  for (const { kind } of found) kindsSeen.add(kind);
  return found;
}

async function trialBalance() {
  const res = await call(t, 'GET', '/api/admin/ledger/trial-balance', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data as {
    accounts: { code: string; debit_kobo: number; credit_kobo: number; balance_kobo: number }[];
    total_debit_kobo: number;
    total_credit_kobo: number;
  };
}
/** The payment reference of an order or a vend, as stored. */
async function referenceOf(table: 'orders' | 'vtu_purchases', id: number) {
  const [row] = await queryRows(t.db, sql`select payment_reference from ${sql.identifier(table)} where id = ${id}`);
  return String(row!.payment_reference);
}
const lineOf = async (code: string) => (await trialBalance()).accounts.find((a) => a.code === code)!;

async function deposit(actor: Actor, naira: number) {
  const reference = await sandboxCharge(t, { amountKobo: naira * 100, email: actor.user.email });
  const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: actor.token,
    body: { amount: naira, tx_id: reference },
  });
  expect(res.status).toBe(200);
  return reference;
}

const order = (product: { productId: number; locationId: number }, extra: Record<string, unknown>) => ({
  product_id: product.productId,
  location_id: product.locationId,
  quantity: 2,
  recipient_address: '12 Admiralty Way, Lekki Phase 1',
  ...extra,
});

describe('the chart of accounts', () => {
  it('the migration created exactly the accounts the code names', async () => {
    const rows = await t.db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.code));
    expect(rows).toEqual(
      Object.values(ACCOUNTS)
        .map(({ code, name, type, normal }) => ({ code, name, type, normal }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    );
  });
});

/** A journal the catalogue would never build, to prove what post() itself refuses and guards. */
const handBuilt = (built: { kind: string; reference: string; postings: Posting[] }) => built as unknown as Journal;

describe('post()', () => {
  it('refuses a journal that does not sum to zero, writing nothing', async () => {
    await expect(
      t.db.transaction((tx) =>
        post(
          tx,
          handBuilt({
            kind: 'test',
            reference: 'unbalanced',
            postings: [
              { account: ACCOUNTS.paystackClearing.code, amountKobo: 100 },
              { account: ACCOUNTS.salesGas.code, amountKobo: -99 },
            ],
          }),
        ),
      ),
    ).rejects.toThrow('does not balance');
    expect(await t.db.select().from(ledgerJournals).where(eq(ledgerJournals.reference, 'unbalanced'))).toEqual([]);
  });

  it('posts once per (kind, reference): a replay moves nothing', async () => {
    const journal = handBuilt({
      kind: 'test',
      reference: 'once',
      postings: [
        { account: ACCOUNTS.supportAdjustments.code, amountKobo: 250 },
        { account: ACCOUNTS.paystackBalance.code, amountKobo: -250 },
      ],
    });
    const before = await lineOf(ACCOUNTS.supportAdjustments.code);
    const first = await t.db.transaction((tx) => post(tx, journal));
    const again = await t.db.transaction((tx) => post(tx, journal));
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, journalId: first.journalId });
    expect((await lineOf(ACCOUNTS.supportAdjustments.code)).debit_kobo).toBe(before.debit_kobo + 250);
    expect(await journals('once')).toEqual([
      {
        kind: 'test',
        lines: [
          ['5900', 250, 0],
          ['1200', 0, 250],
        ],
      },
    ]);
  });
});

describe('the journal table', () => {
  const insert = (reference: string, codes: string, userIds: string, amounts: string) =>
    t.db.execute(sql`insert into ledger_journals (kind, reference, account_codes, user_ids, amounts_kobo)
      values ('test', ${reference}, ${codes}::text[], ${userIds}::int[], ${amounts}::bigint[])`);

  // A check constraint's violation (23514), as the driver reports it under Drizzle's wrapping error.
  const refusedBy = (check: string) => ({
    cause: expect.objectContaining({ code: '23514', constraint: `ledger_journals_${check}` }),
  });

  it('refuses a journal of one line, lines of different lengths, a missing or zero amount', async () => {
    await expect(insert('one-line', '{1100}', '{NULL}', '{100}')).rejects.toMatchObject(refusedBy('lines_complete'));
    await expect(insert('short-users', '{1100,4110}', '{NULL}', '{100,-100}')).rejects.toMatchObject(
      refusedBy('lines_complete'),
    );
    await expect(insert('no-amount', '{1100,4110}', '{NULL,NULL}', '{100,NULL}')).rejects.toMatchObject(
      refusedBy('lines_complete'),
    );
    await expect(insert('zero', '{1100,4110,4120}', '{NULL,NULL,NULL}', '{100,-100,0}')).rejects.toMatchObject(
      refusedBy('amounts_not_zero'),
    );
    expect(await t.db.select().from(ledgerJournals).where(eq(ledgerJournals.kind, 'test'))).not.toContainEqual(
      expect.objectContaining({ reference: expect.stringMatching(/^(one-line|short-users|no-amount|zero)$/) }),
    );
  });
});

describe('every money event posts one balanced journal', () => {
  it('a card deposit: Paystack clearing against the customer wallet, once however often it is replayed', async () => {
    const actor = await createUser(t);
    const reference = await deposit(actor, 1_500);
    const replay = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 1_500, tx_id: reference },
    });
    expect(replay.status).toBe(200);
    expect(await journals(reference)).toEqual([
      {
        kind: 'deposit',
        lines: [
          [`2100-${actor.user.id}`, 0, 1_500_00],
          ['1100', 1_500_00, 0],
        ],
      },
    ]);
  });

  it('a wallet-paid order: the wallet against the sales revenue of its category, and a short wallet posts nothing', async () => {
    const actor = await createUser(t);
    await deposit(actor, 1_000);
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(water, { payment_method: 'wallet' }),
    });
    expect(res.status).toBe(201);
    const reference = await referenceOf('orders', res.body.data.id);
    expect(await journals(reference)).toEqual([
      {
        kind: 'purchase',
        lines: [
          [`2100-${actor.user.id}`, 2 * WATER_NAIRA * 100, 0],
          ['4110', 0, 2 * WATER_NAIRA * 100],
        ],
      },
    ]);
    expect(await journals(`order:${res.body.data.id}`)).toEqual(await journals(reference));
    const journalsBefore = await t.db.$count(ledgerJournals);
    const short = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(gas, { payment_method: 'wallet' }),
    });
    expect(short.status).toBe(422);
    expect(await t.db.$count(ledgerJournals)).toBe(journalsBefore);
  });

  it('a card-paid order: Paystack clearing against the sales revenue of its category', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * GAS_NAIRA * 100, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(gas, { transaction_id: reference, order_paid: true, order_payment_confirmed: true }),
    });
    expect(res.status).toBe(201);
    expect(await journals(reference)).toEqual([
      {
        kind: 'card_payment',
        lines: [
          ['1100', 2 * GAS_NAIRA * 100, 0],
          ['4130', 0, 2 * GAS_NAIRA * 100],
        ],
      },
    ]);
  });

  it('airtime from the wallet, and a card-paid vend that fails and is refunded to the wallet', async () => {
    const actor = await createUser(t);
    await deposit(actor, 500);
    const bought = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 200, phone: '08031234567', network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(bought.status).toBe(201);
    expect(await journals(await referenceOf('vtu_purchases', bought.body.data.id))).toEqual([
      {
        kind: 'purchase',
        lines: [
          [`2100-${actor.user.id}`, 200_00, 0],
          ['4200', 0, 200_00],
        ],
      },
    ]);

    const reference = await sandboxCharge(t, { amountKobo: 300_00, email: actor.user.email });
    const failed = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 300, phone: '08030000000', network_id: 'mtn', transaction_id: reference },
    });
    expect(failed.body.data.status).toBe('refunded');
    const paidThenRefunded = [
      {
        kind: 'card_payment',
        lines: [
          ['1100', 300_00, 0],
          ['4200', 0, 300_00],
        ],
      },
      {
        kind: 'refund',
        lines: [
          [`2100-${actor.user.id}`, 0, 300_00],
          ['4900', 300_00, 0],
        ],
      },
    ];
    // Found from the Paystack reference, the refund's, or the request id the VTU provider knows.
    const [vend] = await queryRows(t.db, sql`select request_id from vtu_purchases where id = ${failed.body.data.id}`);
    for (const lookup of [reference, `vtu:${failed.body.data.id}`, String(vend!.request_id)])
      expect(await journals(lookup), lookup).toEqual(paidThenRefunded);
  });

  it('a withdrawal is held in transit, then settled from the Paystack balance; a failed one comes back', async () => {
    const actor = await createUser(t);
    await deposit(actor, 5_000);
    const addAccount = async (accountNumber: string) =>
      (
        await call(t, 'POST', '/api/wallet/store/bank-details', {
          token: actor.token,
          body: { first_name: 'Ada', last_name: 'Obi', account_number: accountNumber, bank_name: '033' },
        })
      ).body.data.id as number;
    const withdraw = async (bank: number, amount: number) =>
      (
        await call(t, 'POST', '/api/wallet-transactions/withdraw', {
          token: actor.token,
          body: { amount, selected_bank: bank },
        })
      ).body.data.reference as string;

    const paid = await withdraw(await addAccount('0123456789'), 1_200);
    await eventually(async () => ((await getWithdrawal(t.db, paid))?.status === 'success' ? true : undefined));
    expect(await journals(paid)).toEqual([
      {
        kind: 'withdrawal',
        lines: [
          [`2100-${actor.user.id}`, 1_200_00, 0],
          ['2300', 0, 1_200_00],
        ],
      },
      {
        kind: 'withdrawal_settled',
        lines: [
          ['2300', 1_200_00, 0],
          ['1200', 0, 1_200_00],
        ],
      },
    ]);

    const failed = await withdraw(await addAccount('9999999999'), 600);
    await eventually(async () => ((await getWithdrawal(t.db, failed))?.status === 'reversed' ? true : undefined));
    expect(await journals(failed)).toEqual([
      {
        kind: 'withdrawal',
        lines: [
          [`2100-${actor.user.id}`, 600_00, 0],
          ['2300', 0, 600_00],
        ],
      },
      {
        kind: 'reversal',
        lines: [
          [`2100-${actor.user.id}`, 0, 600_00],
          ['2300', 600_00, 0],
        ],
      },
    ]);
  });

  it('savings in and out move between the customer’s two accounts; savings cannot go below zero', async () => {
    const actor = await createUser(t);
    await deposit(actor, 1_000);
    const move = (path: string, amount: number) =>
      call(t, 'POST', `/api/wallet/savings/${path}`, { token: actor.token, body: { amount } });
    expect((await move('deposit', 400)).status).toBe(200);
    expect((await move('withdraw', 150)).status).toBe(200);
    const refused = await move('withdraw', 300);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount).toEqual(['You do not have that much in savings.']);
    const rows = await queryRows(
      t.db,
      sql`select line.amount_kobo from ledger_journals j,
        unnest(j.account_codes, j.user_ids, j.amounts_kobo) as line (account_code, user_id, amount_kobo)
        where line.account_code = '2110' and line.user_id = ${actor.user.id} order by j.id`,
    );
    expect(rows.map((r) => Number(r.amount_kobo))).toEqual([-400_00, 150_00]);
    const wallet = (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data;
    expect([wallet.balance, wallet.savings]).toEqual([750, 250]);
    const [moved] = await queryRows(
      t.db,
      sql`select j.reference from ledger_journals j where j.kind = 'savings' and ${actor.user.id}::int = any(j.user_ids) order by j.id limit 1`,
    );
    expect(await journals(String(moved!.reference))).toEqual([
      {
        kind: 'savings',
        lines: [
          [`2100-${actor.user.id}`, 400_00, 0],
          [`2110-${actor.user.id}`, 0, 400_00],
        ],
      },
    ]);
  });

  it('commission and referral rewards are expenses credited to the customer wallet', async () => {
    const agent = await createUser(t);
    await t.db.transaction(async (tx) => {
      await credit(tx, agent.user.id, {
        amountKobo: 120_00,
        type: 'commission',
        reference: 'commission:test-order',
        description: 'Commission',
      });
      await credit(tx, agent.user.id, {
        amountKobo: 50_00,
        type: 'reward',
        reference: 'referral:test-vend',
        description: 'Referral reward',
      });
    });
    expect(await journals('commission:test-order')).toEqual([
      {
        kind: 'commission',
        lines: [
          [`2100-${agent.user.id}`, 0, 120_00],
          ['5100', 120_00, 0],
        ],
      },
    ]);
    expect((await journals('referral:test-vend'))[0]!.lines).toEqual([
      [`2100-${agent.user.id}`, 0, 50_00],
      ['5200', 50_00, 0],
    ]);
  });

  it('an admin’s wallet adjustment is a support adjustment, either way', async () => {
    const actor = await createUser(t);
    const adjust = (direction: 'credit' | 'debit', amount: number) =>
      call(t, 'POST', '/api/admin/customers/wallet-adjustment', {
        token: admin.token,
        body: { id: actor.user.id, direction, amount, reason: 'Goodwill for a late delivery' },
      });
    const credited = await adjust('credit', 300);
    expect(credited.status).toBe(200);
    const debited = await adjust('debit', 100);
    expect(debited.status).toBe(200);
    const references = await queryRows(
      t.db,
      sql`select e.reference from ledger_entries e join wallets w on w.id = e.wallet_id
        where w.user_id = ${actor.user.id} and e.type = 'adjustment' order by e.id`,
    );
    expect(references).toHaveLength(2);
    expect(await journals(String(references[0]!.reference))).toEqual([
      {
        kind: 'adjustment',
        lines: [
          [`2100-${actor.user.id}`, 0, 300_00],
          ['5900', 300_00, 0],
        ],
      },
    ]);
    expect((await journals(String(references[1]!.reference)))[0]!.lines).toEqual([
      [`2100-${actor.user.id}`, 100_00, 0],
      ['5900', 0, 100_00],
    ]);
  });

  it('a delivered vend’s cost leaves the VTU float; a top-up fills it from the Paystack balance', async () => {
    const TOP_UP = randomUUID();
    const actor = await createUser(t);
    await deposit(actor, 500);
    const bought = await call(t, 'POST', '/api/product-order/buy/airtime', {
      token: actor.token,
      body: { amount: 200, phone: '08031234568', network_id: 'mtn', payment_method: 'wallet' },
    });
    expect(bought.status).toBe(201);
    const vend = await eventually(async () => {
      const [row] = await queryRows(
        t.db,
        sql`select request_id, status from vtu_purchases where id = ${bought.body.data.id}`,
      );
      return row?.status === 'delivered' ? row : undefined;
    });
    const cost = (await journals(String(vend.request_id))).find((j) => j.kind === 'vtu_cost')!;
    const costKobo = cost.lines[0]![1];
    // What the provider charged: the face value less its discount, never more.
    expect(costKobo).toBeGreaterThan(0);
    expect(costKobo).toBeLessThanOrEqual(200_00);
    expect(cost.lines).toEqual([
      ['5300', costKobo, 0],
      ['1300', 0, costKobo],
    ]);

    const topUp = await call(t, 'POST', '/api/admin/reconciliation/float/top-up', {
      token: admin.token,
      body: { amount: 10_000, reason: 'Sent on Monday from the Paystack balance', reference: TOP_UP },
    });
    expect(topUp.status).toBe(200);
    expect(await journals(`float-top-up:${TOP_UP}`)).toEqual([
      {
        kind: 'vtu_float_top_up',
        lines: [
          ['1300', 10_000_00, 0],
          ['1200', 0, 10_000_00],
        ],
      },
    ]);
  });

  it('a delivered electricity payment costs its face value, out of the float less the commission earned', async () => {
    const actor = await createUser(t);
    await deposit(actor, 2_000);
    const paid = await call(t, 'POST', '/api/bills/pay', {
      token: actor.token,
      body: {
        service_id: 'ikeja-electric',
        billers_code: '1111111111111',
        type: 'prepaid',
        amount: 1_000,
        phone: '08031234568',
        payment_method: 'wallet',
      },
    });
    expect(paid.status).toBe(201);
    const [row] = await queryRows(t.db, sql`select request_id from vtu_purchases where id = ${paid.body.data.id}`);
    const cost = (await journals(String(row!.request_id))).find((j) => j.kind === 'bill_cost')!;
    const commissionKobo = cost.lines.find(([code]) => code === '4210')![2];
    expect(commissionKobo).toBeGreaterThan(0);
    expect(cost.lines).toEqual([
      ['5300', 1_000_00, 0],
      ['1300', 0, 1_000_00 - commissionKobo],
      ['4210', 0, commissionKobo],
    ]);
  });

  it('a card-paid order cancelled to the card is owed in transit until Paystack pays the refund', async () => {
    const actor = await createUser(t);
    const amountKobo = 2 * WATER_NAIRA * 100;
    const reference = await sandboxCharge(t, { amountKobo, email: actor.user.email });
    const placed = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(water, { transaction_id: reference }),
    });
    expect(placed.status).toBe(201);
    const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
      token: actor.token,
      body: { id: placed.body.data.id, refund_to: 'card' },
    });
    expect(cancelled.status).toBe(200);
    const settledJournals = await eventually(async () => {
      const found = await journals(`order:${placed.body.data.id}`);
      return found.some((j) => j.kind === 'card_refund_settled') ? found : undefined;
    });
    // The lookup by order also finds the card payment, as in the tests above.
    expect(settledJournals.filter((j) => j.kind !== 'card_payment')).toEqual([
      {
        kind: 'card_refund',
        lines: [
          ['4900', amountKobo, 0],
          ['2310', 0, amountKobo],
        ],
      },
      {
        kind: 'card_refund_settled',
        lines: [
          ['2310', amountKobo, 0],
          ['1100', 0, amountKobo],
        ],
      },
    ]);
  });

  it('a cleared reconciliation difference brings Paystack clearing to Paystack’s figure', async () => {
    const actor = await createUser(t);
    // Recorded by us as paid, unknown to Paystack.
    const [phantom] = await queryRows(
      t.db,
      sql`insert into payments (reference, user_id, purpose, amount_kobo, status, verified_at)
        values (${`LEDGER_PHANTOM_${Date.now()}`}, ${actor.user.id}, 'deposit', ${500_00}, 'success', now())
        returning reference`,
    );
    await checkPaystackDay(t.ctx, lagosDay(new Date()), new Date(Date.now() + SETTLING_MS + 60_000));
    const open = await call(t, 'GET', '/api/admin/reconciliation?status=open&per_page=100', { token: admin.token });
    const difference = (open.body.data.data as { id: number; reference: string }[]).find(
      (row) => row.reference === phantom!.reference,
    )!;
    const cleared = await call(t, 'POST', '/api/admin/reconciliation/clear', {
      token: admin.token,
      body: { id: difference.id, reason: 'Recorded twice by a support script; no money came in' },
    });
    expect(cleared.status).toBe(200);
    expect(await journals(`recon:${difference.id}`)).toEqual([
      {
        kind: 'reconciliation_adjustment',
        lines: [
          ['1100', 0, 500_00],
          ['1900', 500_00, 0],
        ],
      },
    ]);
  });

  it('the tests above look at every kind of journal in the catalogue, each posted by the app', () => {
    const catalogue = Object.keys(JOURNALS);
    expect(catalogue.filter((kind) => !kindsSeen.has(kind))).toEqual([]);
    // Besides the hand-built journals of post()'s own tests, nothing was posted outside the catalogue.
    expect([...kindsSeen].filter((kind) => kind !== 'test' && !catalogue.includes(kind))).toEqual([]);
  });
});

describe('delivery fees are delivery fee revenue, apart from the sales of what was delivered', () => {
  const FEE_NAIRA = 450;
  let fee: { productId: number; locationId: number };
  beforeAll(async () => {
    const location = await createLocation(t, admin.token, { delivery_fee: FEE_NAIRA });
    fee = {
      productId: (
        await createProduct(t, admin.token, {
          product_category: (await createCategory(t, admin.token, { kind: 'sachet_water' })).id,
          locations: [{ id: location.id, product_location_price: WATER_NAIRA }],
        })
      ).id,
      locationId: location.id,
    };
  });
  const ITEMS_KOBO = 2 * WATER_NAIRA * 100;
  const FEE_KOBO = FEE_NAIRA * 100;
  const deliveryFeesCredit = async () => (await lineOf(ACCOUNTS.deliveryFees.code)).balance_kobo;

  it('a wallet-paid order credits sales with the items and 4300 with the fee, and its refund takes both back', async () => {
    const actor = await createUser(t);
    await deposit(actor, 2_000);
    const before = await deliveryFeesCredit();
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(fee, { payment_method: 'wallet' }),
    });
    expect(res.status).toBe(201);
    expect(await deliveryFeesCredit()).toBe(before + FEE_KOBO);
    expect(await journals(await referenceOf('orders', res.body.data.id))).toEqual([
      {
        kind: 'purchase',
        lines: [
          [`2100-${actor.user.id}`, ITEMS_KOBO + FEE_KOBO, 0],
          ['4110', 0, ITEMS_KOBO],
          ['4300', 0, FEE_KOBO],
        ],
      },
    ]);

    const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
      token: actor.token,
      body: { id: res.body.data.id },
    });
    expect(cancelled.status).toBe(200);
    expect((await journals(`order:${res.body.data.id}`)).find((j) => j.kind === 'refund')).toEqual({
      kind: 'refund',
      lines: [
        [`2100-${actor.user.id}`, 0, ITEMS_KOBO + FEE_KOBO],
        ['4900', ITEMS_KOBO, 0],
        ['4300', FEE_KOBO, 0],
      ],
    });
    expect(await deliveryFeesCredit()).toBe(before);
  });

  it('a card-paid order splits the same way against Paystack clearing', async () => {
    const actor = await createUser(t);
    const before = await deliveryFeesCredit();
    const reference = await sandboxCharge(t, { amountKobo: ITEMS_KOBO + FEE_KOBO, email: actor.user.email });
    const res = await call(t, 'POST', '/api/product-order/store', {
      token: actor.token,
      body: order(fee, { transaction_id: reference, order_paid: true, order_payment_confirmed: true }),
    });
    expect(res.status).toBe(201);
    expect(await journals(reference)).toEqual([
      {
        kind: 'card_payment',
        lines: [
          ['1100', ITEMS_KOBO + FEE_KOBO, 0],
          ['4110', 0, ITEMS_KOBO],
          ['4300', 0, FEE_KOBO],
        ],
      },
    ]);
    expect(await deliveryFeesCredit()).toBe(before + FEE_KOBO);
  });

  it('a subscription, by card or wallet, credits 4300 with every delivery’s fee; a cancel takes the unused ones back', async () => {
    // 14 days every 7 days: 2 deliveries.
    const subscription = (extra: Record<string, unknown>) =>
      order(fee, { duration_in_days: 14, delivery_interval_days: 7, ...extra });
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, { amountKobo: 2 * (ITEMS_KOBO + FEE_KOBO), email: actor.user.email });
    const before = await deliveryFeesCredit();
    const byCard = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: subscription({ transaction_id: reference }),
    });
    expect(byCard.status).toBe(201);
    expect(await journals(reference)).toEqual([
      {
        kind: 'card_payment',
        lines: [
          ['1100', 2 * (ITEMS_KOBO + FEE_KOBO), 0],
          ['4110', 0, 2 * ITEMS_KOBO],
          ['4300', 0, 2 * FEE_KOBO],
        ],
      },
    ]);
    expect(await deliveryFeesCredit()).toBe(before + 2 * FEE_KOBO);

    await deposit(actor, 3_000);
    const byWallet = await call(t, 'POST', '/api/subscription-order/store', {
      token: actor.token,
      body: subscription({ payment_method: 'wallet' }),
    });
    expect(byWallet.status).toBe(201);
    expect(await deliveryFeesCredit()).toBe(before + 4 * FEE_KOBO);

    // One delivery was made at once, so one is refunded, with its fee.
    const cancelled = await call(t, 'POST', '/api/subscription-order/cancel', {
      token: actor.token,
      body: { id: byWallet.body.data.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await journals(`subscription:${byWallet.body.data.id}`)).toEqual([
      {
        kind: 'purchase',
        lines: [
          [`2100-${actor.user.id}`, 2 * (ITEMS_KOBO + FEE_KOBO), 0],
          ['4110', 0, 2 * ITEMS_KOBO],
          ['4300', 0, 2 * FEE_KOBO],
        ],
      },
      {
        kind: 'refund',
        lines: [
          [`2100-${actor.user.id}`, 0, ITEMS_KOBO + FEE_KOBO],
          ['4900', ITEMS_KOBO, 0],
          ['4300', FEE_KOBO, 0],
        ],
      },
    ]);
    expect(await deliveryFeesCredit()).toBe(before + 3 * FEE_KOBO);
    const books = await trialBalance();
    expect(books.total_debit_kobo).toBe(books.total_credit_kobo);
  });
});

describe('the trial balance', () => {
  it('balances, and its customer wallets line is every wallet’s money', async () => {
    const actor = await createUser(t);
    await deposit(actor, 700);
    const tb = await trialBalance();
    expect(tb.total_debit_kobo).toBe(tb.total_credit_kobo);
    expect(tb.total_debit_kobo).toBeGreaterThan(0);
    const [sum] = await queryRows(t.db, sql`select coalesce(sum(balance_kobo), 0) as kobo from wallets`);
    const wallets = tb.accounts.find((a) => a.code === '2100')!;
    expect(wallets.credit_kobo).toBe(Number(sum!.kobo));
    expect(wallets.balance_kobo).toBe(Number(sum!.kobo));
  });

  it('a journal lookup needs a reference', async () => {
    const res = await call(t, 'GET', '/api/admin/ledger/journal', { token: admin.token, query: { reference: ' ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.reference).toEqual(['Enter a reference.']);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: concurrency', () => {
  it('concurrent wallet orders, deposits and withdrawals keep the books balanced', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await Promise.all(buyers.map((b) => deposit(b, 2_000)));
    const results = await Promise.all(
      buyers.flatMap((b) =>
        Array.from({ length: 5 }, () =>
          call(t, 'POST', '/api/product-order/store', {
            token: b.token,
            body: order(water, { payment_method: 'wallet' }),
          }),
        ),
      ),
    );
    // N2,000 covers two orders of 2 x N350 each (N700): the third onwards is refused.
    expect(results.filter((r) => r.status === 201)).toHaveLength(6 * 2);
    expect(results.filter((r) => r.status === 422)).toHaveLength(6 * 3);
    const tb = await trialBalance();
    expect(tb.total_debit_kobo).toBe(tb.total_credit_kobo);
  });
});

describe('the hourly check of the books', () => {
  it('finds a journal, a running balance or a wallet changed behind the ledger, and logs it as an error', async () => {
    const { checkBooks } = await import('./jobs');
    const logged = vi.spyOn(t.ctx.log, 'error');
    const actor = await createUser(t);
    await deposit(actor, 100);
    try {
      expect(await checkBooks(t.ctx)).toEqual([]);
      await t.db.execute(sql`update wallets set balance_kobo = balance_kobo + 1 where user_id = ${actor.user.id}`);
      await t.db.execute(sql`update ledger_balances set balance_kobo = balance_kobo + 7 where account_code = '1100'`);
      // Written behind post(): lines that do not sum to zero, a wallet line without its customer, an unknown account.
      await t.db.execute(sql`insert into ledger_journals (kind, reference, account_codes, user_ids, amounts_kobo)
        values ('test', 'behind-the-ledger', '{2100,9999}', '{NULL,NULL}', '{5,-3}')`);
      const broken = await checkBooks(t.ctx);
      expect(broken).toEqual([
        expect.stringContaining('journal does not balance: [{"id":'),
        expect.stringContaining(
          'line to an unknown account, or a customer account without its customer: [{"journal_id":',
        ),
        expect.stringContaining('running balance differs from postings: [{"code":"1100"'),
        expect.stringContaining(`wallet differs from its account: [{"user_id":${actor.user.id}`),
      ]);
      // Only the check's own report: work the earlier tests queued may log meanwhile.
      expect(logged.mock.calls.filter(([, message]) => message === 'the ledger does not balance')).toEqual([
        [{ broken }, 'the ledger does not balance'],
      ]);
    } finally {
      await t.db.execute(sql`update wallets set balance_kobo = balance_kobo - 1 where user_id = ${actor.user.id}`);
      await t.db.execute(sql`update ledger_balances set balance_kobo = balance_kobo - 7 where account_code = '1100'`);
      await t.db.execute(sql`delete from ledger_journals where reference = 'behind-the-ledger'`);
      logged.mockRestore();
    }
  });
});
