import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, type PaymentRow } from './schema';

export async function findPayment(db: DbOrTx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'paystack'), eq(payments.reference, reference)))
    .limit(1);
  return row ?? null;
}

/** Our record of card payments for a provider statement: by reference, whatever their status. */
export async function paymentsByReference(db: DbOrTx, references: string[]): Promise<Map<string, PaymentRow>> {
  if (!references.length) return new Map();
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'paystack'), inArray(payments.reference, references)));
  return new Map(rows.map((row) => [row.reference, row]));
}

/** The card payments we hold as paid that were started in [from, to). */
export function successfulPaymentsBetween(db: DbOrTx, from: Date, to: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'paystack'),
        eq(payments.status, 'success'),
        gte(payments.createdAt, from),
        lt(payments.createdAt, to),
      ),
    );
}
