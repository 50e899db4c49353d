import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { recordProviderCalls } from '../../../test/helpers/providers';
import type { JobHandler, JobQueue } from '../../platform/jobs/queue';
import { sandboxPaystackTransactions } from '../../platform/paystack/schema';
import { signWebhook } from '../../platform/paystack/webhook-signature';
import { statusHistoryOf } from '../audit/service';
import { payments, webhookEvents } from '../payments/schema';
import { CHECK_LEDGER_JOB, checkLedger, registerWalletJobs } from './jobs';
import { inconsistentWallets } from './ledger';
import { bankAccounts, ledgerEntries, wallets, withdrawals } from './schema';
import { getWithdrawal, reconcileWithdrawals } from './service';

let t: TestApp;
beforeAll(async () => {
  // More sign-ins than the default per-IP limit: every test signs in its own customers.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;

async function fund(actor: Actor, naira: number) {
  const reference = await sandboxCharge(t, { amountKobo: naira * 100, email: actor.user.email });
  const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: actor.token,
    body: { amount: naira, tx_id: reference },
  });
  expect(res.status).toBe(200);
  return reference;
}

/** The wallet's deposit entries for one payment reference. */
const depositsFor = (reference: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'deposit'), eq(ledgerEntries.reference, reference)));
const eventsFor = (event: string, reference: string) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.event, event), eq(webhookEvents.reference, reference)));
/** Waits until our webhook route has finished processing the event (not just received it). */
const processed = (event: string, reference: string) =>
  eventually(async () => {
    const [row] = await eventsFor(event, reference);
    return row?.processedAt ? row : undefined;
  });
/** Posts a webhook as Paystack does: the raw body, signed with the secret key. */
const postWebhook = (body: string, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signWebhook(body, app.ctx.config.PAYSTACK_SECRET_KEY),
    },
    payload: body,
  });

/**
 * A successful deposit charge recorded on the sandbox's side only, so the test decides when (and
 * how often) the charge.success webhook arrives. Answers the event's exact body.
 */
async function paidDeposit(actor: Actor, naira: number, app: TestApp = t) {
  const reference = `DEP_${actor.user.id}_${naira}`;
  const metadata = { purpose: 'deposit', user_id: actor.user.id, amount: naira };
  await app.db.insert(sandboxPaystackTransactions).values({
    reference,
    accessCode: `ac_${reference}`,
    email: actor.user.email,
    amountKobo: naira * 100,
    metadata,
    status: 'success',
    gatewayResponse: 'Approved',
    paidAt: new Date(),
  });
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      reference,
      status: 'success',
      amount: naira * 100,
      currency: 'NGN',
      metadata,
      customer: { email: actor.user.email },
    },
  });
  return { reference, body };
}

async function addAccount(actor: Actor, accountNumber = '0123456789') {
  const res = await call(t, 'POST', '/api/wallet/store/bank-details', {
    token: actor.token,
    body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: accountNumber, bank_name: '033' },
  });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

describe('deposits', () => {
  it('credit a verified payment exactly once', async () => {
    const actor = await createUser(t);
    expect(await balanceOf(actor)).toBe(0);
    const reference = await sandboxCharge(t, { amountKobo: 1500_00, email: actor.user.email });
    const first = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 1500, tx_id: reference },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Deposit successful');
    expect(first.body.data.transaction).toMatchObject({
      type: 'deposit',
      direction: 'credit',
      amount: 1500,
      status: 'success',
    });
    const again = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 1500, tx_id: reference },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.transaction.id).toBe(first.body.data.transaction.id);
    expect(await balanceOf(actor)).toBe(1500);
  });

  it("refuses 0 with the spec's message, underpayments, and someone else's reference", async () => {
    const actor = await createUser(t);
    const zero = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 0, tx_id: 'x' },
    });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.amount).toEqual(['Amount cannot be empty']);
    const reference = await sandboxCharge(t, { amountKobo: 999_00, email: actor.user.email });
    const under = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 1000, tx_id: reference },
    });
    expect(under.status).toBe(422);
    const other = await createUser(t);
    const theirs = await fund(other, 200);
    const stolen = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 200, tx_id: theirs },
    });
    expect(stolen.status).toBe(422);
    expect(await balanceOf(actor)).toBe(0);
    expect(await balanceOf(other)).toBe(200);
  });

  it('credits a deposit whose client call never arrived, from the webhook', async () => {
    const actor = await createUser(t);
    await sandboxCharge(t, {
      amountKobo: 700_00,
      email: actor.user.email,
      metadata: { purpose: 'deposit', user_id: actor.user.id, amount: 700 },
    });
    expect(await eventually(async () => ((await balanceOf(actor)) === 700 ? true : undefined))).toBe(true);
  });

  it('refuses an abandoned payment (initialized, never charged) under tx_id, crediting nothing', async () => {
    const actor = await createUser(t);
    const reference = `ABANDONED_DEP_${actor.user.id}`;
    // Initialized with Paystack (here, the sandbox) but never paid: Paystack reports it abandoned.
    await t.ctx.paystack.initialize({
      email: actor.user.email,
      amountKobo: 500_00,
      reference,
      metadata: { purpose: 'deposit', user_id: actor.user.id, amount: 500 },
    });
    const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 500, tx_id: reference },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      tx_id: ['The payment was not successful (abandoned). You have not been charged.'],
    });
    expect(await balanceOf(actor)).toBe(0);
    expect(await depositsFor(reference)).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.reference, reference))).toEqual([]);
  });

  it('names tx_id when a deposit reference is refused for any reason', async () => {
    const actor = await createUser(t);
    const unknown = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 100, tx_id: 'NO_SUCH_REFERENCE' },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['tx_id']);
    expect(unknown.body.errors.tx_id[0]).toMatch(/could not find this payment/);
    const reference = await sandboxCharge(t, { amountKobo: 99_00, email: actor.user.email });
    const under = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 100, tx_id: reference },
    });
    expect(under.body.errors.tx_id[0]).toMatch(/does not match the price/);
  });

  it('a charge.success webhook delivered twice, then the client call, credit once', async () => {
    const actor = await createUser(t);
    const reference = await sandboxCharge(t, {
      amountKobo: 650_00,
      email: actor.user.email,
      metadata: { purpose: 'deposit', user_id: actor.user.id, amount: 650 },
    });
    // The sandbox delivers the first one itself.
    const event = await processed('charge.success', reference);
    expect(await balanceOf(actor)).toBe(650);

    const redelivered = await postWebhook(JSON.stringify(event.payload));
    expect(redelivered.statusCode).toBe(200);
    const client = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 650, tx_id: reference },
    });
    expect(client.status).toBe(200);
    expect(client.body.message).toBe('This deposit was already credited');

    const entries = await depositsFor(reference);
    expect(entries).toHaveLength(1);
    expect(client.body.data.transaction.id).toBe(entries[0]!.id);
    expect(await balanceOf(actor)).toBe(650);
    expect(await eventsFor('charge.success', reference)).toHaveLength(1);
  });

  it('the client call, then the same webhook twice, credit once', async () => {
    const actor = await createUser(t);
    const { reference, body } = await paidDeposit(actor, 420);
    const client = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
      token: actor.token,
      body: { amount: 420, tx_id: reference },
    });
    expect(client.body.message).toBe('Deposit successful');

    expect((await postWebhook(body)).statusCode).toBe(200);
    await processed('charge.success', reference);
    expect((await postWebhook(body)).statusCode).toBe(200);

    expect(await depositsFor(reference)).toHaveLength(1);
    expect(await balanceOf(actor)).toBe(420);
    const events = await eventsFor('charge.success', reference);
    expect(events).toEqual([expect.objectContaining({ lastError: null, attempts: 1 })]);
  });

  it('lists transactions newest first, paginated', async () => {
    const actor = await createUser(t);
    await fund(actor, 100);
    await fund(actor, 200);
    const page = await call(t, 'GET', '/api/wallet-transactions/me', { token: actor.token, query: { per_page: 1 } });
    expect(page.body.data).toMatchObject({ total: 2, last_page: 2, current_page: 1 });
    expect(page.body.data.data[0]).toMatchObject({ amount: 200, type: 'deposit', balance_after: 300 });
    expect(page.body.data.data[0]).toHaveProperty('tx_id');
  });
});

describe('shutdown', () => {
  it('closing the app waits for the webhook it is still processing, which records its attempt first', async () => {
    const own = await createTestApp();
    try {
      const actor = await createUser(own);
      const { reference, body } = await paidDeposit(actor, 650, own);
      expect((await postWebhook(body, own)).statusCode).toBe(200);
      // Closed the moment the webhook is answered. Its processing must be over when close returns
      // (here it cannot verify: the sandbox it would ask closed with the app), with the attempt
      // recorded for reconciliation, and nothing left running against a closed database.
      await own.app.close();
      const [event] = await own.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      expect(event?.attempts).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('banks and bank accounts', () => {
  it('lists banks with UBA first and resolves account names', async () => {
    const actor = await createUser(t);
    const banks = await call(t, 'GET', '/api/banks', { token: actor.token });
    expect(banks.body.data[0]).toEqual({ name: 'United Bank For Africa', code: '033' });
    const resolved = await call(t, 'GET', '/api/banks/resolve', {
      token: actor.token,
      query: { account_number: '0123456789', bank_code: '033' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.account_name).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    const unknown = await call(t, 'GET', '/api/banks/resolve', {
      token: actor.token,
      query: { account_number: '0000000000', bank_code: '033' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('account_number');
  });

  it('asks Paystack for the bank list once an hour, however many callers', async () => {
    const actor = await createUser(t);
    const calls = recordProviderCalls();
    const bankListRequests = () => calls.urls.filter((url) => url.includes('/sandbox/paystack/bank?')).length;
    const start = Date.now() + 2 * 3600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Two hours on: whatever an earlier test cached has expired.
      vi.setSystemTime(start);
      const first = await call(t, 'GET', '/api/banks', { token: actor.token });
      const second = await call(t, 'GET', '/api/banks', { token: actor.token });
      expect(first.status).toBe(200);
      expect(second.body.data).toEqual(first.body.data);
      // Resolving an account checks the bank code against the same cached list.
      expect(
        (
          await call(t, 'GET', '/api/banks/resolve', {
            token: actor.token,
            query: { account_number: '0123456789', bank_code: '033' },
          })
        ).status,
      ).toBe(200);
      expect(bankListRequests()).toBe(1);

      vi.setSystemTime(start + 59 * 60_000);
      await call(t, 'GET', '/api/banks', { token: actor.token });
      expect(bankListRequests()).toBe(1);

      // An hour later it is fetched again, once, even for callers arriving together.
      vi.setSystemTime(start + 61 * 60_000);
      const together = await Promise.all([1, 2, 3].map(() => call(t, 'GET', '/api/banks', { token: actor.token })));
      expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(bankListRequests()).toBe(2);
    } finally {
      vi.useRealTimers();
      calls.stop();
    }
  });

  it('saves accounts resolved with the bank, refuses bad ones, and deletes only your own', async () => {
    const actor = await createUser(t);
    const id = await addAccount(actor);
    const wallet = await call(t, 'GET', '/api/wallet/me', { token: actor.token });
    // Whose account it is comes from the bank: a name typed with it is not kept.
    const resolved = await call(t, 'GET', '/api/banks/resolve', {
      token: actor.token,
      query: { account_number: '0123456789', bank_code: '033' },
    });
    const accountName: string = resolved.body.data.account_name;
    expect(accountName).not.toMatch(/Kemi|Adeyemi/);
    expect(wallet.body.data.bank_details).toEqual([
      expect.objectContaining({
        id,
        bank_code: '033',
        account_number: '0123456789',
        account_name: accountName,
        first_name: accountName.split(' ')[0],
      }),
    ]);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(JSON.stringify(row)).not.toMatch(/Kemi|Adeyemi/);
    const cases: [Record<string, string>, string, string][] = [
      [{ account_number: '12345' }, 'account_number', 'The account number must be 10 digits (NUBAN).'],
      [{ bank_name: '' }, 'bank_name', 'Please select a bank'],
      [{ bank_name: '999' }, 'bank_name', 'Please select a bank'],
      [
        { account_number: '0000000000' },
        'account_number',
        'We could not find this account at the selected bank. Check the number.',
      ],
      [{}, 'account_number', 'This bank account is already saved.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await call(t, 'POST', '/api/wallet/store/bank-details', {
        token: actor.token,
        body: { account_number: '0123456789', bank_name: '033', ...override },
      });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(override)).toEqual([message]);
    }
    const stranger = await createUser(t);
    expect(
      (await call(t, 'POST', '/api/wallet/delete/bank-details', { token: stranger.token, body: { id } })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', '/api/wallet/delete/bank-details', { token: actor.token, body: { id } })).status,
    ).toBe(200);
  });
});

describe('withdrawals', () => {
  it('holds the money, then the transfer.success webhook settles it', async () => {
    const actor = await createUser(t);
    await fund(actor, 5000);
    const bank = await addAccount(actor);
    const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 1200, selected_bank: bank },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Withdrawal request have been submitted');
    expect(res.body.data.wallet.balance).toBe(3800);
    const settled = await eventually(async () => {
      const row = await getWithdrawal(t.db, res.body.data.reference);
      return row?.status === 'success' ? row : undefined;
    });
    const history = await statusHistoryOf(t.db, 'withdrawal', settled.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorRole])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'success', 'system'],
    ]);
    expect(await balanceOf(actor)).toBe(3800);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, res.body.data.reference));
    expect(entry).toMatchObject({ type: 'withdrawal', status: 'success', amountKobo: -1200_00 });
  });

  it('a failed transfer (account 9999999999) is reversed exactly once', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const bank = await addAccount(actor, '9999999999');
    const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 600, selected_bank: bank },
    });
    expect(res.body.data.wallet.balance).toBe(400);
    // transfer.failed then transfer.reversed both arrive; only one credit may follow.
    await processed('transfer.failed', res.body.data.reference);
    await processed('transfer.reversed', res.body.data.reference);
    expect(await balanceOf(actor)).toBe(1000);
    const reversals = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, res.body.data.reference));
    expect(reversals.map((e) => [e.type, e.status, e.amountKobo]).sort()).toEqual([
      ['reversal', 'success', 600_00],
      ['withdrawal', 'reversed', -600_00],
    ]);
    const withdrawal = (await getWithdrawal(t.db, res.body.data.reference))!;
    expect((await statusHistoryOf(t.db, 'withdrawal', withdrawal.id)).map((h) => [h.toStatus, h.note])).toEqual([
      ['pending', null],
      ['reversed', 'The bank transfer failed'],
    ]);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('refuses other people’s accounts, less than N100, and more than the balance, changing nothing', async () => {
    const actor = await createUser(t);
    await fund(actor, 500);
    const other = await createUser(t);
    const theirs = await addAccount(other);
    const mine = await addAccount(actor);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 200, selected_bank: theirs }, 'selected_bank'],
      [{ amount: 200 }, 'selected_bank'],
      [{ amount: 50, selected_bank: mine }, 'amount'],
      [{ amount: 501, selected_bank: mine }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', { token: actor.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    const missing = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
      token: actor.token,
      body: { amount: 200 },
    });
    expect(missing.body.errors.selected_bank).toEqual(['Please select a bank.']);
    expect(await balanceOf(actor)).toBe(500);
  });

  it('reconciliation reverses a withdrawal whose transfer never started', async () => {
    const actor = await createUser(t);
    await fund(actor, 300);
    const { debit } = await import('./ledger');
    await t.db.transaction(async (tx) => {
      await debit(tx, actor.user.id, {
        amountKobo: 200_00,
        type: 'withdrawal',
        reference: 'WDR_LOST',
        description: 'lost',
        status: 'pending',
      });
      await tx
        .insert(withdrawals)
        .values({ userId: actor.user.id, destination: 'test', amountKobo: 200_00, reference: 'WDR_LOST' });
    });
    expect(await balanceOf(actor)).toBe(100);
    expect(await reconcileWithdrawals(t.ctx)).toBe(0);
    expect(await reconcileWithdrawals(t.ctx, new Date(Date.now() + 11 * 60_000))).toBe(1);
    expect(await balanceOf(actor)).toBe(300);
    expect((await getWithdrawal(t.db, 'WDR_LOST'))?.status).toBe('reversed');
  });
});

describe('savings', () => {
  it('moves money into savings and back, both in the ledger', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const into = await call(t, 'POST', '/api/wallet/savings/deposit', { token: actor.token, body: { amount: 400 } });
    expect(into.body.data).toMatchObject({ balance: 600, savings: 400 });
    const tooMuch = await call(t, 'POST', '/api/wallet/savings/withdraw', {
      token: actor.token,
      body: { amount: 401 },
    });
    expect(tooMuch.status).toBe(422);
    const back = await call(t, 'POST', '/api/wallet/savings/withdraw', { token: actor.token, body: { amount: 150 } });
    expect(back.body.data).toMatchObject({ balance: 750, savings: 250 });
    const overdraw = await call(t, 'POST', '/api/wallet/savings/deposit', {
      token: actor.token,
      body: { amount: 751 },
    });
    expect(overdraw.status).toBe(422);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});

describe('ledger check', () => {
  it('the job finds a wallet whose balance or entries were changed behind the ledger, and logs it as an error', async () => {
    // The job exactly as registered, run on demand.
    const handlers = new Map<string, JobHandler>();
    const jobs: JobQueue = {
      kind: 'in-process',
      work: (name, handler) => void handlers.set(name, handler),
      every: () => undefined,
      send: async () => undefined,
      depth: async () => 0,
      start: async () => undefined,
      stop: async () => undefined,
    };
    registerWalletJobs({ ...t.ctx, jobs });
    const runJob = () => handlers.get(CHECK_LEDGER_JOB)!({});

    const actor = await createUser(t);
    await fund(actor, 1000);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id));
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.walletId, wallet!.id));
    const spy = vi.spyOn(t.ctx.log, 'error');
    // Only the check's own reports: work the earlier tests queued may log meanwhile.
    const reports = () =>
      spy.mock.calls.filter(([, message]) => message === 'wallet balances differ from their ledgers');
    try {
      await runJob();
      expect(reports()).toEqual([]);

      // A balance changed without an entry.
      await t.db
        .update(wallets)
        .set({ balanceKobo: sql`${wallets.balanceKobo} + 1` })
        .where(eq(wallets.id, wallet!.id));
      await runJob();
      const balanceBroken = [{ walletId: wallet!.id, balanceKobo: 1000_01, ledgerKobo: 1000_00 }];
      expect(reports()).toEqual([[{ wallets: balanceBroken }, 'wallet balances differ from their ledgers']]);
      expect(await checkLedger(t.ctx)).toEqual(balanceBroken);
      await t.db.update(wallets).set({ balanceKobo: 1000_00 }).where(eq(wallets.id, wallet!.id));
      spy.mockClear();

      // An entry changed without the balance.
      await t.db.update(ledgerEntries).set({ amountKobo: 999_50 }).where(eq(ledgerEntries.id, entry!.id));
      await runJob();
      expect(reports()).toEqual([
        [
          { wallets: [{ walletId: wallet!.id, balanceKobo: 1000_00, ledgerKobo: 999_50 }] },
          'wallet balances differ from their ledgers',
        ],
      ]);
    } finally {
      await t.db.update(wallets).set({ balanceKobo: 1000_00 }).where(eq(wallets.id, wallet!.id));
      await t.db.update(ledgerEntries).set({ amountKobo: 1000_00 }).where(eq(ledgerEntries.id, entry!.id));
      spy.mockRestore();
    }
    expect(await checkLedger(t.ctx)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: concurrency', () => {
  it('50 concurrent withdrawals never overdraw and the balance equals the ledger', async () => {
    const actor = await createUser(t);
    await fund(actor, 1000);
    const bank = await addAccount(actor);
    // Each takes N150: at most 6 fit in N1,000.
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t, 'POST', '/api/wallet-transactions/withdraw', {
          token: actor.token,
          body: { amount: 150, selected_bank: bank },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 422)).toHaveLength(44);
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, actor.user.id));
    expect(wallet!.balanceKobo).toBe(100_00);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('duplicate deposit calls and duplicate webhooks, all at once, credit once', async () => {
    const actor = await createUser(t);
    const { reference, body } = await paidDeposit(actor, 800);
    const [webhooks, clients] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => postWebhook(body))),
      Promise.all(
        Array.from({ length: 10 }, () =>
          call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
            token: actor.token,
            body: { amount: 800, tx_id: reference },
          }),
        ),
      ),
    ]);
    expect(webhooks.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(clients.map((r) => r.status)).toEqual(Array(10).fill(200));
    await processed('charge.success', reference);

    const entries = await depositsFor(reference);
    expect(entries).toHaveLength(1);
    expect(new Set(clients.map((r) => r.body.data.transaction.id))).toEqual(new Set([entries[0]!.id]));
    expect(await balanceOf(actor)).toBe(800);
    expect(await eventsFor('charge.success', reference)).toEqual([expect.objectContaining({ lastError: null })]);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });
});
