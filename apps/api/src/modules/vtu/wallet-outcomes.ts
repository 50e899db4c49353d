import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PurchaseOutcome, PurchaseOutcomeSource } from '../wallet/service';
import { vtuPurchases } from './schema';

const OUTCOME_OF_STATUS = {
  delivered: 'completed',
  pending: 'pending',
  // A refused vend is refunded in the same transaction; "failed" alone is never seen once committed.
  failed: 'failed',
  refunded: 'refunded',
} as const;

/**
 * What became of the airtime and data paid from the wallet under `paymentReferences`, for the wallet
 * history. A refused one was refunded under `vtu:<id>` (see vending.ts).
 */
async function outcomes(db: DbOrTx, paymentReferences: string[]) {
  const rows = await db
    .select({ id: vtuPurchases.id, status: vtuPurchases.status, paymentReference: vtuPurchases.paymentReference })
    .from(vtuPurchases)
    .where(and(eq(vtuPurchases.paymentMethod, 'wallet'), inArray(vtuPurchases.paymentReference, paymentReferences)));
  return new Map<string, PurchaseOutcome>(
    rows.map((row) => [
      row.paymentReference,
      { outcome: OUTCOME_OF_STATUS[row.status], refundReference: `vtu:${row.id}` },
    ]),
  );
}

/** The airtime and data the wallet history asks about: outcomes, and a purchase's wallet payment by its number. */
export const vtuWalletOutcomes: PurchaseOutcomeSource = {
  kinds: ['vtu'],
  outcomes,
  paymentReferenceOf: async (db, _kind, id) => {
    const [row] = await db
      .select({ paymentReference: vtuPurchases.paymentReference })
      .from(vtuPurchases)
      .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.paymentMethod, 'wallet')));
    return row?.paymentReference ?? null;
  },
};
