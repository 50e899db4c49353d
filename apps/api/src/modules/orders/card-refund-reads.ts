import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { MAX_ATTEMPTS } from './card-refunds';
import { orderCardRefunds, type OrderCardRefundRow } from './schema';

/** Our card refunds asked for between `from` and `to`, whatever became of them. */
export async function cardRefundsCreatedBetween(db: DbOrTx, from: Date, to: Date): Promise<CardRefundSummary[]> {
  return db
    .select({
      transactionReference: orderCardRefunds.transactionReference,
      amountKobo: orderCardRefunds.amountKobo,
      status: orderCardRefunds.status,
      createdAt: orderCardRefunds.createdAt,
    })
    .from(orderCardRefunds)
    .where(and(gte(orderCardRefunds.createdAt, from), lt(orderCardRefunds.createdAt, to)));
}

/** A card refund as reconciliation compares it with Paystack's list of refunds. */
export type CardRefundSummary = {
  transactionReference: string;
  amountKobo: number;
  status: 'requested' | 'pending' | 'processed' | 'failed';
  createdAt: Date;
};

const UNPAID = ['requested', 'pending', 'failed'] as const;

/** A card refund not paid out, as support reads it. */
export type UnpaidCardRefund = Omit<OrderCardRefundRow, 'status'> & {
  status: (typeof UNPAID)[number];
  /** The job has stopped asking Paystack by itself. */
  gaveUp: boolean;
};

const unpaid = (row: OrderCardRefundRow): UnpaidCardRefund => ({
  ...row,
  status: row.status as UnpaidCardRefund['status'],
  gaveUp: row.status === 'requested' && row.attempts >= MAX_ATTEMPTS,
});

/** Card refunds not paid out (requested, pending or failed), the oldest first. */
export async function unpaidCardRefunds(db: DbOrTx, paging: { limit: number; offset: number }) {
  const where = inArray(orderCardRefunds.status, [...UNPAID]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orderCardRefunds)
      .where(where)
      .orderBy(asc(orderCardRefunds.createdAt), asc(orderCardRefunds.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(orderCardRefunds).where(where),
  ]);
  return { rows: rows.map(unpaid), total: Number(total?.n ?? 0) };
}

/** One card refund as support reads it, or null (also when it has been paid out). */
export async function unpaidCardRefund(db: DbOrTx, id: number): Promise<UnpaidCardRefund | null> {
  const [row] = await db.select().from(orderCardRefunds).where(eq(orderCardRefunds.id, id));
  return row && row.status !== 'processed' ? unpaid(row) : null;
}
