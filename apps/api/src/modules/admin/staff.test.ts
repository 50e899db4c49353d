import { STAFF_ROLES, staffMayUse, type StaffRole } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { POLICIES } from '../../../test/helpers/policies';

let t: TestApp;
let staff: Record<StaffRole, Actor>;
let customer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t);
  const entries = await Promise.all(
    STAFF_ROLES.map(async (role) => [role, await createAdmin(t, { staffRole: role })] as const),
  );
  staff = Object.fromEntries(entries) as Record<StaffRole, Actor>;
});
afterAll(() => t.close());

const request = (route: string, token: string) => {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  return call(t, method, url, { token, body: method === 'POST' ? {} : undefined });
};

// Each role's part of the business, written out by hand: the policy table must give exactly this.
const MAY: Record<Exclude<StaffRole, 'owner'>, { may: string[]; mayNot: string[] }> = {
  finance: {
    may: [
      'GET /api/admin/dashboard',
      'GET /api/admin/ledger/trial-balance',
      'GET /api/admin/reconciliation',
      'GET /api/admin/withdrawals',
      'POST /api/admin/customers/wallet-adjustment',
      'GET /api/admin/customers',
      'GET /api/auth/two-factor',
    ],
    mayNot: [
      'GET /api/admin/settings',
      'POST /api/admin/settings/update',
      'GET /api/admin/staff',
      'POST /api/products/store',
      'GET /api/raffle-tickets/index',
      'GET /api/admin/orders',
      'POST /api/admin/orders/assign',
      'POST /api/admin/customers/suspend',
      'GET /api/admin/support/cases',
      'GET /api/admin/audit',
    ],
  },
  support: {
    may: [
      'GET /api/admin/dashboard',
      'GET /api/admin/customers',
      'GET /api/admin/customers/show',
      'POST /api/admin/customers/suspend',
      'POST /api/admin/customers/send-reset',
      'GET /api/admin/orders',
      'POST /api/admin/orders/update-status',
      'GET /api/admin/support/cases',
      'POST /api/admin/support/cases/reply',
    ],
    mayNot: [
      'POST /api/admin/customers/wallet-adjustment',
      'GET /api/admin/ledger/journal',
      'GET /api/admin/withdrawals',
      'POST /api/admin/orders/assign',
      'GET /api/agents/index',
      'GET /api/admin/settings',
      'GET /api/admin/staff',
      'POST /api/location/store',
    ],
  },
  dispatcher: {
    may: [
      'GET /api/admin/dashboard',
      'GET /api/admin/orders',
      'GET /api/admin/orders/show',
      'GET /api/admin/orders/agents',
      'POST /api/admin/orders/assign',
      'GET /api/agents/index',
      'GET /api/admin/agents/show',
      'POST /api/agents/update-status',
    ],
    mayNot: [
      'GET /api/admin/customers',
      'GET /api/admin/ledger/trial-balance',
      'GET /api/admin/reconciliation',
      'GET /api/admin/support/cases',
      'POST /api/location/store',
      'POST /api/products/update',
      'GET /api/admin/settings',
      'POST /api/admin/staff/update-role',
    ],
  },
};

const adminRoutes = () => Object.keys(POLICIES).filter((route) => POLICIES[route] === 'admin');
const pathOf = (route: string) => route.split(' ')[1]!;

describe('staff roles', () => {
  it('each role gets past the guard on its part and 403 elsewhere, by hand', async () => {
    for (const [role, { may, mayNot }] of Object.entries(MAY) as [keyof typeof MAY, (typeof MAY)['finance']][]) {
      for (const route of may) {
        const { status } = await request(route, staff[role].token);
        expect([401, 403], `${role} ${route} answered ${status}`).not.toContain(status);
        expect(status, `${role} ${route}`).toBeLessThan(500);
      }
      for (const route of mayNot) {
        const res = await request(route, staff[role].token);
        expect(res.status, `${role} ${route}`).toBe(403);
        expect(res.body.code, `${role} ${route}`).toBe('staff_role');
      }
    }
  });

  it('every live admin route follows the policy for every role, and the owner may use them all', async () => {
    for (const route of adminRoutes()) {
      for (const role of STAFF_ROLES) {
        const { status } = await request(route, staff[role].token);
        if (staffMayUse(role, pathOf(route)))
          expect([401, 403], `${role} ${route} answered ${status}`).not.toContain(status);
        else expect(status, `${role} ${route}`).toBe(403);
      }
    }
    expect(adminRoutes().every((route) => staffMayUse('owner', pathOf(route)))).toBe(true);
  });

  it('an admin route nobody listed is the owner’s alone', () => {
    for (const role of ['finance', 'support', 'dispatcher'] as const) {
      expect(staffMayUse(role, '/api/admin/something-new')).toBe(false);
      // Whole path segments only: a prefix does not leak into a longer word.
      expect(staffMayUse(role, '/api/admin/ordersx')).toBe(false);
    }
    expect(staffMayUse('owner', '/api/admin/something-new')).toBe(true);
    expect(staffMayUse(null, '/api/admin/dashboard')).toBe(false);
  });

  it('users/me tells the web the staff role; customers have none', async () => {
    const me = await call(t, 'GET', '/api/users/me', { token: staff.finance.token });
    expect(me.body.data).toMatchObject({ role: 'admin', staff_role: 'finance' });
    const them = await call(t, 'GET', '/api/users/me', { token: customer.token });
    expect(them.body.data.staff_role).toBeNull();
  });
});

describe('the Staff screen', () => {
  it('lists the admins; an owner changes a role, audited, and the new role applies at once', async () => {
    const other = await createAdmin(t, { staffRole: 'support' });
    const list = await call(t, 'GET', '/api/admin/staff', { token: staff.owner.token });
    expect(list.status).toBe(200);
    const ids = (list.body.data as { id: number }[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([staff.owner.user.id, other.user.id]));
    expect(ids).not.toContain(customer.user.id);

    expect((await call(t, 'GET', '/api/admin/ledger/trial-balance', { token: other.token })).status).toBe(403);
    const changed = await call(t, 'POST', '/api/admin/staff/update-role', {
      token: staff.owner.token,
      body: { id: other.user.id, staff_role: 'finance' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.staff_role).toBe('finance');
    expect((await call(t, 'GET', '/api/admin/ledger/trial-balance', { token: other.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/support/cases', { token: other.token })).status).toBe(403);

    const log = await call(t, 'GET', '/api/admin/audit', { token: staff.owner.token, query: { entity: 'user' } });
    expect(log.body.data.data[0]).toMatchObject({
      action: 'staff.role_changed',
      actor_id: staff.owner.user.id,
      entity_id: String(other.user.id),
      before: { staff_role: 'support' },
      after: { staff_role: 'finance' },
    });
  });

  it('only an owner assigns roles; customers are not staff; a bad role is a field error', async () => {
    const target = await createAdmin(t, { staffRole: 'dispatcher' });
    for (const role of ['finance', 'support', 'dispatcher'] as const) {
      const res = await call(t, 'POST', '/api/admin/staff/update-role', {
        token: staff[role].token,
        body: { id: target.user.id, staff_role: 'owner' },
      });
      expect(res.status, role).toBe(403);
    }
    const notStaff = await call(t, 'POST', '/api/admin/staff/update-role', {
      token: staff.owner.token,
      body: { id: customer.user.id, staff_role: 'finance' },
    });
    expect(notStaff.status).toBe(404);
    const bad = await call(t, 'POST', '/api/admin/staff/update-role', {
      token: staff.owner.token,
      body: { id: target.user.id, staff_role: 'king' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.staff_role).toEqual(['Choose owner, finance, support or dispatcher.']);
  });

  it('the last owner cannot be demoted; with a second owner, one may step down', async () => {
    const solo = await createTestApp();
    try {
      const owner = await createAdmin(solo);
      const demote = (actor: Actor, id: number) =>
        call(solo, 'POST', '/api/admin/staff/update-role', { token: actor.token, body: { id, staff_role: 'finance' } });
      const refused = await demote(owner, owner.user.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/needs an owner/);

      const second = await createAdmin(solo, { staffRole: 'support' });
      await call(solo, 'POST', '/api/admin/staff/update-role', {
        token: owner.token,
        body: { id: second.user.id, staff_role: 'owner' },
      });
      // Both at once: exactly one of them steps down, and an owner remains.
      const results = await Promise.all([demote(owner, second.user.id), demote(second, owner.user.id)]);
      // The loser is refused by the guard (no longer an owner) or, racing, by the owners' lock.
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 409]);
      const list = await call(solo, 'GET', '/api/admin/staff', {
        token: results[0]!.status === 200 ? owner.token : second.token,
      });
      expect((list.body.data as { staff_role: string }[]).filter((row) => row.staff_role === 'owner')).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});
