import { koboToNaira, type WalletCreditRequest } from '@ruwa/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import { usersByIds } from '../users/service';
import { walletCreditRequests, type WalletCreditRequestRow } from './schema';

// Support credits above the admins' amount wait here for a second admin; the admin module decides
// (customers.ts), this file only keeps the rows. The table refuses an approval by the one who asked.

export async function findCreditRequest(db: DbOrTx, reference: string): Promise<WalletCreditRequestRow | null> {
  const [row] = await db.select().from(walletCreditRequests).where(eq(walletCreditRequests.reference, reference));
  return row ?? null;
}

/** Locks a credit request until the caller's transaction ends: every approval starts here. */
export async function lockCreditRequest(tx: Tx, reference: string): Promise<WalletCreditRequestRow | null> {
  const [row] = await tx
    .select()
    .from(walletCreditRequests)
    .where(eq(walletCreditRequests.reference, reference))
    .for('update');
  return row ?? null;
}

/**
 * Records a credit waiting for a second admin; answers the row under `reference` and whether this
 * call made it (not when a retry or a second click raced it and the earlier one is the answer).
 */
export async function createCreditRequest(
  tx: Tx,
  values: { reference: string; userId: number; amountKobo: number; reason: string; requestedBy: number },
): Promise<{ row: WalletCreditRequestRow; created: boolean }> {
  const [row] = await tx.insert(walletCreditRequests).values(values).onConflictDoNothing().returning();
  return row ? { row, created: true } : { row: (await findCreditRequest(tx, values.reference))!, created: false };
}

export async function markCreditApproved(tx: Tx, id: number, approvedBy: number): Promise<WalletCreditRequestRow> {
  const [row] = await tx
    .update(walletCreditRequests)
    .set({ status: 'approved', approvedBy, approvedAt: new Date() })
    .where(eq(walletCreditRequests.id, id))
    .returning();
  return row!;
}

/** Credit requests for the admins, newest first, with their customers. */
export async function listCreditRequests(
  db: DbOrTx,
  options: { status?: WalletCreditRequestRow['status']; limit: number; offset: number },
): Promise<{ rows: WalletCreditRequest[]; total: number }> {
  const { rows, total } = await pagedSelect(db, walletCreditRequests, {
    where: options.status ? eq(walletCreditRequests.status, options.status) : undefined,
    orderBy: [desc(walletCreditRequests.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { total, rows: await toCreditRequests(db, rows) };
}

export async function toCreditRequests(db: DbOrTx, rows: WalletCreditRequestRow[]): Promise<WalletCreditRequest[]> {
  const owners = await usersByIds(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => {
    const owner = owners.get(row.userId);
    return {
      reference: row.reference,
      status: row.status,
      customer: {
        id: row.userId,
        name: owner ? `${owner.firstName} ${owner.lastName}` : '',
        email: owner?.email ?? '',
      },
      amount: koboToNaira(row.amountKobo),
      reason: row.reason,
      requested_by: row.requestedBy,
      approved_by: row.approvedBy,
      created_at: row.createdAt.toISOString(),
      approved_at: row.approvedAt?.toISOString() ?? null,
    };
  });
}
