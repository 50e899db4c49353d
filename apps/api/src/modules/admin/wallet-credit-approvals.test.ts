import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { auditLog } from '../audit/schema';
import { ledgerViolations } from '../ledger/service';
import { ledgerEntries, walletCreditRequests } from '../wallet/schema';
import { inconsistentWallets } from '../wallet/service';

/** Support credits above the admins' amount: pending until a second, different admin approves them. */
let t: TestApp;
let maker: Actor;
let checker: Actor;
let thirdAdmin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  [maker, checker, thirdAdmin] = [await createAdmin(t), await createAdmin(t), await createAdmin(t)];
  const set = await call(t, 'POST', '/api/admin/settings/update', {
    token: maker.token,
    body: { adjustments: { credit_approval_above: 1_000 } },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.data.adjustments).toEqual({ credit_approval_above: 1_000 });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
  expect(await inconsistentWallets(t.db)).toEqual([]);
});

const adjust = (body: Record<string, unknown>, by: Actor = maker) =>
  call(t, 'POST', '/api/admin/customers/wallet-adjustment', { token: by.token, body });
const approve = (reference: string, by: Actor = checker) =>
  call(t, 'POST', '/api/admin/wallet-adjustments/approve', { token: by.token, body: { reference } });
const balanceOf = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;
const creditsUnder = (reference: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'adjustment'), eq(ledgerEntries.reference, reference)));

describe('a support credit above the admins’ amount', () => {
  it('is pending and moves nothing; the maker cannot approve it; a second admin does, once', async () => {
    const customer = await createUser(t);
    const reference = randomUUID();
    const body = {
      id: customer.user.id,
      direction: 'credit',
      amount: 5_000,
      reason: 'Refund for a lost cylinder',
      reference,
    };
    const asked = await adjust(body);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.data).toMatchObject({
      reference,
      status: 'pending',
      amount: 5_000,
      requested_by: maker.user.id,
      approved_by: null,
      customer: { id: customer.user.id, email: customer.user.email },
    });
    expect(asked.body.message).toMatch(/second admin/);
    expect(await balanceOf(customer)).toBe(0);
    expect(await creditsUnder(reference)).toHaveLength(0);
    // A second click is the same request, not a second one.
    expect((await adjust(body)).status).toBe(202);
    expect(
      await t.db.select().from(walletCreditRequests).where(eq(walletCreditRequests.reference, reference)),
    ).toHaveLength(1);

    const pending = await call(t, 'GET', '/api/admin/wallet-adjustments', {
      token: checker.token,
      query: { status: 'pending' },
    });
    expect(pending.status).toBe(200);
    expect(pending.body.data.data.map((r: { reference: string }) => r.reference)).toContain(reference);

    const own = await approve(reference, maker);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/Another admin/);
    // Coded, so the app does not take it for a lost session.
    expect(own.body.code).toBe('second_admin_required');
    expect(await balanceOf(customer)).toBe(0);

    const approved = await approve(reference);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approved_by: checker.user.id });
    expect(await balanceOf(customer)).toBe(5_000);
    expect((await approve(reference, thirdAdmin)).body.data).toMatchObject({ approved_by: checker.user.id });
    expect((await adjust(body)).body.data.status).toBe('approved');
    expect(await balanceOf(customer)).toBe(5_000);
    expect(await creditsUnder(reference)).toHaveLength(1);

    const auditRows = (await call(t, 'GET', '/api/admin/audit', { token: checker.token, query: { entity: 'users' } }))
      .body.data.data as { action: string; entity_id: string; actor_id: number; after: Record<string, unknown> }[];
    const mine = auditRows.filter((r) => r.entity_id === String(customer.user.id));
    expect(mine).toContainEqual(
      expect.objectContaining({ action: 'wallet.credit_requested', actor_id: maker.user.id }),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({
        action: 'wallet.credit',
        actor_id: checker.user.id,
        after: expect.objectContaining({ requested_by: maker.user.id, reference }),
      }),
    );
  });

  it('at or below the amount, and every debit, move at once; unknown or malformed references are refused', async () => {
    const customer = await createUser(t);
    const small = await adjust({ id: customer.user.id, direction: 'credit', amount: 1_000, reason: 'Goodwill credit' });
    expect(small.status).toBe(200);
    expect(small.body.data.balance).toBe(1_000);
    const debit = await adjust({ id: customer.user.id, direction: 'debit', amount: 1_000, reason: 'Taken back again' });
    expect(debit.status).toBe(200);
    expect(debit.body.data.balance).toBe(0);
    expect((await approve(randomUUID())).status).toBe(404);
    const bad = await approve('not-a-uuid');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.reference).toBeDefined();
  });

  it('a customer cannot list or approve them', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/wallet-adjustments', { token: customer.token })).status).toBe(403);
    expect((await approve(randomUUID(), customer)).status).toBe(403);
  });

  it('the table refuses the maker as approver, whatever the code does', async () => {
    const customer = await createUser(t);
    const reference = randomUUID();
    await adjust({
      id: customer.user.id,
      direction: 'credit',
      amount: 2_000,
      reason: 'Checked by the database',
      reference,
    });
    await expect(
      t.db
        .update(walletCreditRequests)
        .set({ status: 'approved', approvedBy: maker.user.id, approvedAt: new Date() })
        .where(eq(walletCreditRequests.reference, reference)),
    ).rejects.toThrow();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: approvals at once', () => {
  it('a double click on a large credit is one request, asked once in the audit log', async () => {
    const customer = await createUser(t);
    const reference = randomUUID();
    const body = { id: customer.user.id, direction: 'credit', amount: 4_000, reason: 'Clicked twice', reference };
    const answers = await Promise.all([adjust(body), adjust(body), adjust(body)]);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(
      await t.db.select().from(walletCreditRequests).where(eq(walletCreditRequests.reference, reference)),
    ).toHaveLength(1);
    const asked = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.credit_requested'), eq(auditLog.entityId, String(customer.user.id))));
    expect(asked).toHaveLength(1);
  });

  it('two admins approving together credit once; the maker approving at the same time is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const customer = await createUser(t);
      const reference = randomUUID();
      expect(
        (
          await adjust({
            id: customer.user.id,
            direction: 'credit',
            amount: 3_000,
            reason: 'Concurrent approvals',
            reference,
          })
        ).status,
      ).toBe(202);
      const answers = await Promise.all([
        approve(reference, checker),
        approve(reference, thirdAdmin),
        approve(reference, maker),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 403]);
      const approvers = new Set(answers.slice(0, 2).map((a) => a.body.data.approved_by));
      expect(approvers.size).toBe(1);
      expect(await creditsUnder(reference)).toHaveLength(1);
      expect(await balanceOf(customer)).toBe(3_000);
    }
  });
});
