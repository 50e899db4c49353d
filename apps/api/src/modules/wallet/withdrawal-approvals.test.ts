import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { moneyViolations } from '../../../test/helpers/money-invariants';
import { eventually } from '../../../test/helpers/payments';
import { addBankAccount, fundWallet, requestWithdrawal } from '../../../test/helpers/wallet';
import { sandboxPaystackTransfers } from '../../platform/paystack/schema';
import { statusHistoryOf } from '../audit/service';
import { withdrawals } from './schema';
import { getWithdrawal, releaseDueWithdrawals } from './service';
import { isOwnAccountName } from './withdrawal-holds';

/** Withdrawals that wait for an admin's approval: large ones, and ones to an account in another name. */
let t: TestApp;
let admin: Actor;
let secondAdmin: Actor;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  secondAdmin = await createAdmin(t);
  await setWithdrawalRules({ approval_above: 10_000, hold_name_mismatch: false });
});
afterAll(() => t.close());
afterEach(async () => expect(await moneyViolations(t.db)).toEqual([]));

const YEAR = 365 * 24 * 3600_000;

async function setWithdrawalRules(withdrawalRules: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/admin/settings/update', {
    token: admin.token,
    body: { withdrawals: withdrawalRules },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const approve = (reference: string, by: Actor = admin) =>
  call(t, 'POST', '/api/admin/withdrawals/approve', { token: by.token, body: { reference } });
const listed = async (query: Record<string, string>) => {
  const res = await call(t, 'GET', '/api/admin/withdrawals', { token: admin.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; data: { reference: string; needs_approval: boolean }[] };
};
const transfersOf = (reference: string) =>
  t.db.select().from(sandboxPaystackTransfers).where(eq(sandboxPaystackTransfers.reference, reference));
const settled = (reference: string) =>
  eventually(async () => {
    const row = await getWithdrawal(t.db, reference);
    return row?.status === 'success' ? row : undefined;
  });

/** A customer (or `actor`) with ₦`amount` asked for, to a bank account saved two days ago. */
async function withdrawalOf(amount: number, actor?: Actor, accountNumber = '0123456789') {
  const who = actor ?? (await createUser(t));
  await fundWallet(t, who, amount);
  const bank = await addBankAccount(t, who, { ageHours: 48, accountNumber });
  const res = await requestWithdrawal(t, who, amount, bank);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { actor: who, reference: res.body.data.reference as string, res };
}

describe('above the admins’ amount', () => {
  it('waits for an admin, not a clock: held with no end, told why, never released by the job', async () => {
    const { actor, reference, res } = await withdrawalOf(12_000);
    expect(res.body.data).toMatchObject({ status: 'held', hold_reason: 'large_amount', held_until: null });
    expect(res.body.message).toContain('our team checks it');
    expect((await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance).toBe(0);

    expect(await releaseDueWithdrawals(t.ctx, new Date(Date.now() + YEAR))).toBe(0);
    expect((await getWithdrawal(t.db, reference))!.status).toBe('held');
    expect(await transfersOf(reference)).toHaveLength(0);

    const held = await listed({ status: 'held' });
    // Those waiting for approval come first: no time would ever send them.
    expect(held.data[0]).toMatchObject({ reference, needs_approval: true });
  });

  it('an admin approves it once: the transfer starts, again answers the same and sends nothing more; audited', async () => {
    const { reference } = await withdrawalOf(15_000);
    const first = await approve(reference);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ reference, status: 'pending', released_by: admin.user.id });
    const again = await approve(reference, secondAdmin);
    expect(again.status).toBe(200);
    expect(again.body.data.released_by).toBe(admin.user.id);
    await settled(reference);
    expect(await transfersOf(reference)).toHaveLength(1);

    const row = (await getWithdrawal(t.db, reference))!;
    const history = await statusHistoryOf(t.db, 'withdrawal', row.id);
    expect(history.map((h) => [h.toStatus, h.note])).toContainEqual(['pending', 'Approved by an admin']);
    const audit = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { entity: 'withdrawals' } });
    expect(audit.body.data.data).toContainEqual(
      expect.objectContaining({ action: 'withdrawal.approve', entity_id: String(row.id), actor_id: admin.user.id }),
    );
  });

  it('below the amount it goes at once; a cancelled one cannot be approved', async () => {
    const small = await withdrawalOf(9_000);
    expect(small.res.body.data).toMatchObject({ status: 'pending', hold_reason: null });

    const { actor, reference } = await withdrawalOf(11_000);
    const cancelled = await call(t, 'POST', '/api/wallet/withdrawals/cancel', {
      token: actor.token,
      body: { reference },
    });
    expect(cancelled.status).toBe(200);
    expect((await approve(reference)).status).toBe(409);
    expect(await transfersOf(reference)).toHaveLength(0);
    expect((await approve('WDR_NOBODY')).status).toBe(404);
  });
});

describe('maker-checker', () => {
  it('an admin withdrawing their own earnings cannot approve it; another admin can', async () => {
    const maker = await createAdmin(t);
    const { reference } = await withdrawalOf(20_000, maker);
    const own = await approve(reference, maker);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/Another admin/);
    // Coded, so the app does not take it for a lost session.
    expect(own.body.code).toBe('second_admin_required');
    expect(
      (await call(t, 'POST', '/api/admin/withdrawals/release', { token: maker.token, body: { reference } })).status,
    ).toBe(403);
    expect((await getWithdrawal(t.db, reference))!.status).toBe('held');

    const checked = await approve(reference, admin);
    expect(checked.status).toBe(200);
    await settled(reference);
    // The table itself refuses the owner as approver, whatever the code does.
    const row = (await getWithdrawal(t.db, reference))!;
    await expect(
      t.db.update(withdrawals).set({ releasedBy: maker.user.id }).where(eq(withdrawals.id, row.id)),
    ).rejects.toThrow();
  });
});

describe('to an account in another name', () => {
  it('held for approval when the bank’s name is not the customer’s, with the setting on', async () => {
    await setWithdrawalRules({ hold_name_mismatch: true });
    try {
      // The sandbox resolves 0123456789 to YETUNDE LAWAL EZE.
      const owner = await createUser(t, { firstName: 'Yetunde', lastName: 'Lawal' });
      expect((await withdrawalOf(2_000, owner)).res.body.data).toMatchObject({ status: 'pending' });
      const other = await withdrawalOf(2_000);
      expect(other.res.body.data).toMatchObject({ status: 'held', hold_reason: 'name_mismatch', held_until: null });
      expect(other.res.body.message).toContain('is not in your name');
      expect((await approve(other.reference)).body.data.status).toBe('pending');
      await settled(other.reference);
    } finally {
      await setWithdrawalRules({ hold_name_mismatch: false });
    }
  });

  it('compares words, in any order and case, ignoring punctuation and middle names', () => {
    const owner = { firstName: 'Chioma', lastName: 'Okafor' };
    expect(isOwnAccountName('OKAFOR, CHIOMA N.', owner)).toBe(true);
    expect(isOwnAccountName('CHIOMA ADA OKAFOR', owner)).toBe(true);
    expect(isOwnAccountName('CHIOMA BELLO', owner)).toBe(false);
    expect(isOwnAccountName('OKAFORCHIOMA', owner)).toBe(false);
  });
});

describe('the admins’ list', () => {
  it('finds a withdrawal by its reference or its customer’s e-mail or phone, with the status filter', async () => {
    const { actor, reference } = await withdrawalOf(3_000);
    expect((await listed({ q: reference })).data.map((w) => w.reference)).toEqual([reference]);
    expect((await listed({ q: actor.user.email.toUpperCase() })).data.map((w) => w.reference)).toEqual([reference]);
    expect((await listed({ q: actor.user.phoneNumber.slice(-7) })).data.map((w) => w.reference)).toContain(reference);
    expect((await listed({ q: reference, status: 'held' })).total).toBe(0);
    expect((await listed({ q: 'nobody-at-all@example.com' })).total).toBe(0);
    // A LIKE wildcard is a character like any other.
    expect((await listed({ q: '%' })).total).toBe(0);
  });
});

describe('payout history', () => {
  it('lists the caller’s own withdrawals, newest first, with where each stands; never another’s', async () => {
    const { actor, reference: first } = await withdrawalOf(2_000);
    const { reference: second } = await withdrawalOf(11_000, actor, '0123456780');
    const other = await withdrawalOf(1_500);
    const res = await call(t, 'GET', '/api/wallet/withdrawals/me', { token: actor.token });
    expect(res.status).toBe(200);
    const rows = res.body.data.data as { reference: string; status: string; hold_reason: string | null }[];
    expect(rows.map((r) => r.reference)).toEqual([second, first]);
    expect(rows[0]).toMatchObject({ status: 'held', hold_reason: 'large_amount', amount: 11_000 });
    expect(rows.map((r) => r.reference)).not.toContain(other.reference);
    expect((await call(t, 'GET', '/api/wallet/withdrawals/me')).status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: approvals at once', () => {
  it('two admins approving together send the money once; the owner approving at the same time is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const maker = await createAdmin(t);
      const { reference } = await withdrawalOf(10_500, maker);
      const answers = await Promise.all([
        approve(reference, admin),
        approve(reference, secondAdmin),
        approve(reference, maker),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 403]);
      const row = await settled(reference);
      expect([admin.user.id, secondAdmin.user.id]).toContain(row.releasedBy);
      expect(await transfersOf(reference)).toHaveLength(1);
      expect(await moneyViolations(t.db)).toEqual([]);
    }
  });
});
