import { BENEFICIARIES_MAX, type Beneficiary, type beneficiaryStoreBody } from '@ruwa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/http/errors';
import { beneficiaries, type BeneficiaryRow } from './schema';

function toBeneficiary(row: BeneficiaryRow): Beneficiary {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    network_id: row.networkId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The customer's named numbers, newest first. */
export async function listBeneficiaries(db: DbOrTx, userId: number): Promise<Beneficiary[]> {
  const rows = await db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(desc(beneficiaries.id))
    .limit(BENEFICIARIES_MAX);
  return rows.map(toBeneficiary);
}

/**
 * Names a number. A number already kept on that network is renamed rather than kept twice, so
 * renaming never counts toward the limit.
 */
export async function storeBeneficiary(
  db: DbOrTx,
  userId: number,
  input: z.output<typeof beneficiaryStoreBody>,
): Promise<Beneficiary> {
  return db.transaction(async (tx) => {
    const same = and(
      eq(beneficiaries.userId, userId),
      eq(beneficiaries.phone, input.phone),
      eq(beneficiaries.networkId, input.network_id),
    );
    const [renamed] = await tx.update(beneficiaries).set({ name: input.name }).where(same).returning();
    if (renamed) return toBeneficiary(renamed);
    const [kept] = await tx.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.userId, userId));
    if ((kept?.n ?? 0) >= BENEFICIARIES_MAX)
      throw new AppError('conflict', `You can keep up to ${BENEFICIARIES_MAX} saved numbers. Remove one first.`);
    const [created] = await tx
      .insert(beneficiaries)
      .values({ userId, name: input.name, phone: input.phone, networkId: input.network_id })
      .returning();
    return toBeneficiary(created!);
  });
}

/** Forgets one of the customer's numbers; someone else's is not found. */
export async function removeBeneficiary(db: DbOrTx, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(beneficiaries)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
    .returning({ id: beneficiaries.id });
  if (!removed.length) throw notFound('Saved number');
}
