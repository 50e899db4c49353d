import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { ledgerViolations } from '../ledger/service';
import { inconsistentWallets } from '../wallet/service';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());
// Whatever a test did, the books balance and every wallet is its account and its history.
afterEach(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
  expect(await inconsistentWallets(t.db)).toEqual([]);
});

const adjust = (body: Record<string, unknown>, token = admin.token) =>
  call(t, 'POST', '/api/admin/customers/wallet-adjustment', { token, body });

async function journal(reference: string) {
  const res = await call(t, 'GET', '/api/admin/ledger/journal', { token: admin.token, query: { reference } });
  expect(res.status).toBe(200);
  return (
    res.body.data as { kind: string; postings: { account_code: string; debit_kobo: number; credit_kobo: number }[] }[]
  ).map((j) => ({ kind: j.kind, lines: j.postings.map((p) => [p.account_code, p.debit_kobo, p.credit_kobo]) }));
}

const history = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet-transactions/me', { token: actor.token })).body.data.data as {
    type: string;
    amount: number;
    direction: string;
    description: string;
  }[];

const notes = async (actor: Actor) =>
  (await call(t, 'GET', '/api/notifications/me', { token: actor.token })).body.data.data as {
    title: string;
    description: string;
  }[];

describe('POST /api/admin/customers/wallet-adjustment', () => {
  it('a credit: the wallet grows, one journal against support adjustments, history, audit and notification', async () => {
    const customer = await createUser(t);
    const reference = randomUUID();
    const res = await adjust({
      id: customer.user.id,
      direction: 'credit',
      amount: 1_250.5,
      reason: 'Goodwill for a late delivery',
      reference,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.balance).toBe(1_250.5);

    expect(await journal(reference)).toEqual([
      {
        kind: 'adjustment',
        lines: [
          [`2100-${customer.user.id}`, 0, 125_050],
          ['5900', 125_050, 0],
        ],
      },
    ]);
    const [line] = await history(customer);
    expect(line).toMatchObject({
      type: 'adjustment',
      amount: 1_250.5,
      direction: 'credit',
      description: 'Support credit: Goodwill for a late delivery',
    });
    const [note] = await notes(customer);
    expect(note!.description).toContain('₦1,250.50');
    expect(note!.description).toContain('Goodwill for a late delivery');

    const auditRows = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { entity: 'users' } });
    const row = auditRows.body.data.data.find(
      (r: { action: string; entity_id: string }) =>
        r.action === 'wallet.credit' && r.entity_id === String(customer.user.id),
    );
    expect(row).toMatchObject({ actor_id: admin.user.id, after: { amount_kobo: 125_050, reference } });
  });

  it('a debit takes money back; one that would overdraw is a 422 on amount and moves nothing', async () => {
    const customer = await createUser(t);
    await adjust({ id: customer.user.id, direction: 'credit', amount: 1_000, reason: 'Opening credit' });
    const reference = randomUUID();
    const res = await adjust({
      id: customer.user.id,
      direction: 'debit',
      amount: 400,
      reason: 'Duplicate refund taken back',
      reference,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.balance).toBe(600);
    expect(await journal(reference)).toEqual([
      {
        kind: 'adjustment',
        lines: [
          [`2100-${customer.user.id}`, 40_000, 0],
          ['5900', 0, 40_000],
        ],
      },
    ]);
    expect((await notes(customer))[0]!.description).toBe(
      '₦400 was taken from your wallet. Reason: Duplicate refund taken back',
    );

    const notesBefore = (await notes(customer)).length;
    const over = await adjust({ id: customer.user.id, direction: 'debit', amount: 600.01, reason: 'Too much' });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount[0]).toMatch(/Insufficient wallet balance/);
    const wallet = await call(t, 'GET', '/api/wallet/me', { token: customer.token });
    expect(wallet.body.data.balance).toBe(600);
    expect(await history(customer)).toHaveLength(2);
    expect(await notes(customer)).toHaveLength(notesBefore);
  });

  it('a replay with the same reference answers the same wallet and adjusts once', async () => {
    const customer = await createUser(t);
    const body = {
      id: customer.user.id,
      direction: 'credit',
      amount: 500,
      reason: 'Compensation',
      reference: randomUUID(),
    };
    const [first, second] = await Promise.all([adjust(body), adjust(body)]);
    const third = await adjust(body);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe(500);
    }
    expect(await history(customer)).toHaveLength(1);
    expect(await notes(customer)).toHaveLength(1);
    expect(await journal(body.reference)).toHaveLength(1);

    // The same reference for something else is refused, not taken as a replay.
    const other = await adjust({ ...body, amount: 600 });
    expect(other.status).toBe(409);
    const elsewhere = await adjust({ ...body, id: (await createUser(t)).user.id });
    expect(elsewhere.status).toBe(409);
  });

  it('needs a reason of 5 to 500 characters, a positive amount and a direction', async () => {
    const customer = await createUser(t);
    const base = { id: customer.user.id, direction: 'credit', amount: 100 };
    const missing = await adjust(base);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toBeDefined();
    expect((await adjust({ ...base, reason: '   abc  ' })).body.errors.reason).toBeDefined();
    expect((await adjust({ ...base, reason: 'x'.repeat(501) })).body.errors.reason).toBeDefined();
    expect((await adjust({ ...base, reason: 'A reason', amount: 0 })).body.errors.amount).toBeDefined();
    expect((await adjust({ ...base, reason: 'A reason', direction: 'gift' })).body.errors.direction).toBeDefined();
    expect(
      (await adjust({ ...base, reason: 'A reason', reference: 'not-a-uuid' })).body.errors.reference,
    ).toBeDefined();
    expect((await call(t, 'GET', '/api/wallet/me', { token: customer.token })).body.data.balance).toBe(0);
  });

  it('is for admins only, and not for another admin’s wallet or a missing customer', async () => {
    const customer = await createUser(t);
    const body = { id: customer.user.id, direction: 'credit', amount: 100, reason: 'Free money please' };
    expect((await adjust(body, customer.token)).status).toBe(403);
    expect((await adjust({ ...body, id: (await createAdmin(t)).user.id })).status).toBe(403);
    expect((await adjust({ ...body, id: 999_999 })).status).toBe(404);
    expect((await call(t, 'GET', '/api/wallet/me', { token: customer.token })).body.data.balance).toBe(0);
  });
});
