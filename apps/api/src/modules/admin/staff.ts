import { STAFF_TEXTS, type StaffRole } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import * as users from '../users/service';

/** The admin accounts as the Staff screen lists them. */
export async function listStaff(db: DbOrTx) {
  return (await users.listStaff(db)).map((row) => ({ ...users.toUser(row), status: row.status }));
}

/**
 * An owner gives an admin another staff role, audited. The business always keeps an owner: the
 * owners are counted under a lock (lockOwners), so racing demotions cannot remove the last one.
 */
export async function changeStaffRole(db: DbOrTx, ownerId: number, input: { id: number; staffRole: StaffRole }) {
  return db.transaction(async (tx) => {
    const owners = await users.lockOwners(tx);
    const before = await users.getUser(tx, input.id).catch(() => null);
    if (!before || before.role !== 'admin') throw notFound(STAFF_TEXTS.notStaff);
    if (before.staffRole === input.staffRole) return before;
    if (before.staffRole === 'owner' && owners.filter((id) => id !== before.id).length === 0) {
      throw new AppError('conflict', STAFF_TEXTS.lastOwner);
    }
    const after = await users.setStaffRole(tx, before.id, input.staffRole);
    await audit(tx, {
      actorId: ownerId,
      action: 'staff.role_changed',
      entity: 'user',
      entityId: before.id,
      before: { staff_role: before.staffRole },
      after: { staff_role: after.staffRole },
    });
    return after;
  });
}
