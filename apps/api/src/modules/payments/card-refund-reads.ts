import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import { MAX_ATTEMPTS } from './card-refunds';
import { cardRefunds, type CardRefundRow } from './schema';

/** Our card refunds (of orders and of vends) asked for between `from` and `to`, whatever became of them. */
export async function cardRefundsCreatedBetween(db: DbOrTx, from: Date, to: Date): Promise<CardRefundSummary[]> {
  return db
    .select({
      transactionReference: cardRefunds.transactionReference,
      amountKobo: cardRefunds.amountKobo,
      status: cardRefunds.status,
      createdAt: cardRefunds.createdAt,
    })
    .from(cardRefunds)
    .where(and(gte(cardRefunds.createdAt, from), lt(cardRefunds.createdAt, to)));
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
export type UnpaidCardRefund = Omit<CardRefundRow, 'status'> & {
  status: (typeof UNPAID)[number];
  /** The job has stopped asking Paystack by itself. */
  gaveUp: boolean;
};

const unpaid = (row: CardRefundRow): UnpaidCardRefund => ({
  ...row,
  status: row.status as UnpaidCardRefund['status'],
  gaveUp: row.status === 'requested' && row.attempts >= MAX_ATTEMPTS,
});

/** Card refunds not paid out (requested, pending or failed), the oldest first. */
export async function unpaidCardRefunds(db: DbOrTx, paging: { limit: number; offset: number }) {
  const where = inArray(cardRefunds.status, [...UNPAID]);
  const { rows, total } = await pagedSelect(db, cardRefunds, {
    where,
    orderBy: [asc(cardRefunds.createdAt), asc(cardRefunds.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return { rows: rows.map(unpaid), total };
}

/** One card refund as support reads it, or null (also when it has been paid out). */
export async function unpaidCardRefund(db: DbOrTx, id: number): Promise<UnpaidCardRefund | null> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.id, id));
  return row && row.status !== 'processed' ? unpaid(row) : null;
}
