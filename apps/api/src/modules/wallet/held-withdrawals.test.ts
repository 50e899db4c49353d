import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually } from '../../../test/helpers/payments';
import { addBankAccount, fundWallet, requestWithdrawal } from '../../../test/helpers/wallet';
import type { JobHandler, JobQueue } from '../../platform/jobs/queue';
import { sandboxPaystackTransfers } from '../../platform/paystack/schema';
import { statusHistoryOf } from '../audit/service';
import { RELEASE_HELD_WITHDRAWALS_JOB, registerWalletJobs } from './jobs';
import { ledgerEntries, withdrawals } from './schema';
import { getWithdrawal, releaseDueWithdrawals } from './service';

/** What happens to a held withdrawal: the job at its time, an admin's release, the customer's cancel. */
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());
afterEach(async () => expect(await moneyViolations(t.db)).toEqual([]));

const HOUR = 3600_000;

/** A customer with ₦`funded` and a withdrawal of ₦`amount` held because the account is new (over ₦20,000). */
async function heldWithdrawal(amount = 25_000, funded = 30_000) {
  const actor = await createUser(t);
  await fundWallet(t, actor, funded);
  const bank = await addBankAccount(t, actor);
  const res = await requestWithdrawal(t, actor, amount, bank);
  expect(res.body.data).toMatchObject({ status: 'held', hold_reason: 'new_bank_account' });
  return { actor, bank, reference: res.body.data.reference as string, heldUntil: Date.parse(res.body.data.held_until) };
}

const walletOf = async (actor: Actor) => (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data;
const transferOf = async (reference: string) =>
  (await t.db.select().from(sandboxPaystackTransfers).where(eq(sandboxPaystackTransfers.reference, reference)))[0];
const settled = (reference: string) =>
  eventually(async () => {
    const row = await getWithdrawal(t.db, reference);
    return row?.status === 'success' ? row : undefined;
  });
const cancel = (actor: Actor, reference: string) =>
  call(t, 'POST', '/api/wallet/withdrawals/cancel', { token: actor.token, body: { reference } });
const release = (reference: string) =>
  call(t, 'POST', '/api/admin/withdrawals/release', { token: admin.token, body: { reference } });
const entriesOf = (reference: string) =>
  t.db
    .select({ type: ledgerEntries.type, status: ledgerEntries.status, amountKobo: ledgerEntries.amountKobo })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, reference))
    .orderBy(ledgerEntries.id);

describe('the hold ends', () => {
  it('at its time: the release job sends it then and not before (the clock moved, not waited for)', async () => {
    const { actor, reference, heldUntil } = await heldWithdrawal();
    expect(await releaseDueWithdrawals(t.ctx, new Date(heldUntil - 60_000))).toBe(0);
    expect((await getWithdrawal(t.db, reference))?.status).toBe('held');
    expect(await transferOf(reference)).toBeUndefined();

    expect(await releaseDueWithdrawals(t.ctx, new Date(heldUntil))).toBeGreaterThanOrEqual(1);
    const paid = await settled(reference);
    expect(paid.releasedAt).not.toBeNull();
    expect((await statusHistoryOf(t.db, 'withdrawal', paid.id)).map((h) => [h.toStatus, h.actorRole, h.note])).toEqual([
      ['held', 'customer', null],
      ['pending', 'system', 'The hold ended'],
      ['success', 'system', null],
    ]);
    const wallet = await walletOf(actor);
    expect(wallet).toMatchObject({ balance: 5000, held_withdrawals: [] });
    expect(await entriesOf(reference)).toEqual([{ type: 'withdrawal', status: 'success', amountKobo: -25_000_00 }]);
  });

  it('through the wallet jobs every minute: the registered job releases the ones whose time has passed', async () => {
    const handlers = new Map<string, JobHandler>();
    const schedules = new Map<string, number>();
    const jobs: JobQueue = {
      kind: 'in-process',
      work: (name, handler) => void handlers.set(name, handler),
      every: (name, minutes) => void schedules.set(name, minutes),
      send: async () => undefined,
      depth: async () => 0,
      start: async () => undefined,
      stop: async () => undefined,
    };
    registerWalletJobs({ ...t.ctx, jobs });
    expect(schedules.get(RELEASE_HELD_WITHDRAWALS_JOB)).toBe(1);
    const due = await heldWithdrawal();
    const notYet = await heldWithdrawal();
    // The first one's day is over (its time moved into the past); the second still has its day.
    await t.db
      .update(withdrawals)
      .set({ heldUntil: new Date(Date.now() - HOUR) })
      .where(eq(withdrawals.reference, due.reference));
    await handlers.get(RELEASE_HELD_WITHDRAWALS_JOB)!({});
    await settled(due.reference);
    expect((await getWithdrawal(t.db, notYet.reference))?.status).toBe('held');
  });

  it('when an admin releases it after calling the customer: listed with customer, amount, reason and time, sent at once', async () => {
    const { actor, reference, heldUntil } = await heldWithdrawal(21_000, 22_000);
    const list = await call(t, 'GET', '/api/admin/withdrawals', {
      token: admin.token,
      query: { status: 'held', per_page: 100 },
    });
    expect(list.status).toBe(200);
    const row = list.body.data.data.find((w: { reference: string }) => w.reference === reference);
    expect(row).toMatchObject({
      reference,
      status: 'held',
      amount: 21_000,
      hold_reason: 'new_bank_account',
      held_until: new Date(heldUntil).toISOString(),
      released_at: null,
      customer: {
        id: actor.user.id,
        name: `${actor.user.firstName} ${actor.user.lastName}`,
        email: actor.user.email,
        phone_number: actor.user.phoneNumber,
      },
    });
    expect(list.body.data.data.every((w: { status: string }) => w.status === 'held')).toBe(true);

    const released = await release(reference);
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ reference, status: 'pending', released_at: expect.any(String) });
    const paid = await settled(reference);
    const history = await statusHistoryOf(t.db, 'withdrawal', paid.id);
    expect(history[1]).toMatchObject({ toStatus: 'pending', actorId: admin.user.id, note: 'Released by an admin' });

    // Released once: again, or a cancel afterwards, changes nothing.
    const again = await release(reference);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This withdrawal is no longer held: it was sent to the bank or cancelled.');
    expect((await cancel(actor, reference)).status).toBe(409);
    expect((await walletOf(actor)).balance).toBe(1000);
    expect((await release('WDR_NOBODY')).status).toBe(404);
  });

  it('sends a released withdrawal back to the wallet when its bank account was removed meanwhile', async () => {
    const { actor, bank, reference } = await heldWithdrawal();
    await call(t, 'POST', '/api/wallet/delete/bank-details', { token: actor.token, body: { id: bank } });
    expect((await release(reference)).body.data.status).toBe('reversed');
    expect((await walletOf(actor)).balance).toBe(30_000);
    expect(await transferOf(reference)).toBeUndefined();
  });
});

describe('the customer cancels', () => {
  it('back to the wallet, once: cancelling twice credits once, and the job never sends it', async () => {
    const { actor, reference, heldUntil } = await heldWithdrawal();
    expect((await walletOf(actor)).balance).toBe(5000);
    const first = await cancel(actor, reference);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Your withdrawal was cancelled and the money is back in your wallet.');
    expect(first.body.data).toMatchObject({ reference, status: 'cancelled' });
    expect(first.body.data.wallet).toMatchObject({ balance: 30_000, held_withdrawals: [] });
    const second = await cancel(actor, reference);
    expect(second.status).toBe(200);
    expect(second.body.data.wallet.balance).toBe(30_000);

    expect(await entriesOf(reference)).toEqual([
      { type: 'withdrawal', status: 'cancelled', amountKobo: -25_000_00 },
      { type: 'reversal', status: 'success', amountKobo: 25_000_00 },
    ]);
    await releaseDueWithdrawals(t.ctx, new Date(heldUntil + HOUR));
    expect((await getWithdrawal(t.db, reference))?.status).toBe('cancelled');
    expect(await transferOf(reference)).toBeUndefined();
    expect((await release(reference)).status).toBe(409);
    expect((await walletOf(actor)).balance).toBe(30_000);
  });

  it('only their own: another customer’s reference is 404 and changes nothing', async () => {
    const { actor, reference } = await heldWithdrawal();
    const thief = await createUser(t);
    expect((await cancel(thief, reference)).status).toBe(404);
    expect((await getWithdrawal(t.db, reference))?.status).toBe('held');
    expect((await walletOf(actor)).balance).toBe(5000);
    const refused = await call(t, 'POST', '/api/wallet/withdrawals/cancel', { token: actor.token, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.reference).toEqual(['Choose a withdrawal.']);
  });
});

describe('the API documents', () => {
  it('the hold routes and fields: cancel, the admins’ list and release, and why and until when on the wallet', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: string[]; description?: string };
    const dataOf = (path: string, method: 'get' | 'post') =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data as Schema;
    const bodyOf = (path: string) =>
      doc.paths[path].post.requestBody.content['application/json'].schema.properties as Record<string, Schema>;
    const errorsOf = (path: string, method: 'get' | 'post') => Object.keys(doc.paths[path][method].responses);

    expect(Object.keys(bodyOf('/api/wallet/withdrawals/cancel'))).toEqual(['reference']);
    expect(errorsOf('/api/wallet/withdrawals/cancel', 'post')).toEqual(expect.arrayContaining(['404', '409']));
    expect(Object.keys(bodyOf('/api/admin/withdrawals/release'))).toEqual(['reference']);
    expect(errorsOf('/api/admin/withdrawals/release', 'post')).toEqual(expect.arrayContaining(['403', '404', '409']));
    const status = doc.paths['/api/admin/withdrawals'].get.parameters.find(
      (p: { name: string }) => p.name === 'status',
    );
    expect(status.schema.enum).toEqual(['held', 'pending', 'success', 'reversed', 'cancelled']);
    expect(Object.keys(dataOf('/api/admin/withdrawals', 'get').properties!.data!.items!.properties!)).toEqual(
      expect.arrayContaining(['customer', 'amount', 'hold_reason', 'held_until', 'released_at']),
    );

    const held = dataOf('/api/wallet/me', 'get').properties!.held_withdrawals!.items!.properties!;
    expect(Object.keys(held)).toEqual(['reference', 'amount', 'destination', 'reason', 'held_until', 'created_at']);
    expect(held.reason!.enum).toEqual([
      'pin_reset',
      'password_reset',
      'new_bank_account',
      'large_amount',
      'name_mismatch',
    ]);
    const withdrawn = dataOf('/api/wallet-transactions/withdraw', 'post').properties!;
    expect(withdrawn.status!.enum).toContain('held');
    expect(withdrawn).toHaveProperty('hold_reason');
    expect(withdrawn).toHaveProperty('held_until');
    expect(doc.paths['/api/wallet-transactions/withdraw'].post.description).toContain('held');
    expect(dataOf('/api/admin/settings', 'get').properties!.withdrawals!.properties).toHaveProperty(
      'new_account_hold_above',
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: a cancel, a release and the job at once', () => {
  it('exactly one of them wins, each time: one credit back, or one transfer, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const { actor, reference, heldUntil } = await heldWithdrawal();
      const [cancelled, released] = await Promise.all([
        cancel(actor, reference),
        release(reference),
        releaseDueWithdrawals(t.ctx, new Date(heldUntil)),
        cancel(actor, reference),
      ]);
      const row = (await getWithdrawal(t.db, reference))!;
      const credits = await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, 'reversal'), eq(ledgerEntries.reference, reference)));
      if (row.status === 'cancelled') {
        expect(cancelled.status).toBe(200);
        expect(released.status).toBe(409);
        expect(credits).toHaveLength(1);
        expect(await transferOf(reference)).toBeUndefined();
        expect((await walletOf(actor)).balance).toBe(30_000);
      } else {
        expect(cancelled.status).toBe(409);
        expect(credits).toHaveLength(0);
        await settled(reference);
        expect(await transferOf(reference)).toBeDefined();
        expect((await walletOf(actor)).balance).toBe(5000);
      }
      expect(await moneyViolations(t.db)).toEqual([]);
    }
  });
});
