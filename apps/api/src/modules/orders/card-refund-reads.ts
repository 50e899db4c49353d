import { and, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderCardRefunds } from './schema';

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
