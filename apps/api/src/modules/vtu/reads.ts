import { and, asc, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lagosDayOf } from '../../lib/lagos-time';
import { AIRTIME_DATA_KINDS, vtuPurchases } from './schema';

/** VTU figures for the admin dashboard since `from`. */
export async function vtuStats(db: DbOrTx, from: Date) {
  const [row] = await db
    .select({
      total: count(),
      delivered: sql<number>`count(*) filter (where ${vtuPurchases.status} = 'delivered')`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${vtuPurchases.status} = 'refunded')`.mapWith(Number),
      refundedKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'refunded'), 0)`.mapWith(
          Number,
        ),
      airtimeKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered' and ${vtuPurchases.kind} = 'airtime'), 0)`.mapWith(
          Number,
        ),
      dataKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered' and ${vtuPurchases.kind} = 'data'), 0)`.mapWith(
          Number,
        ),
    })
    .from(vtuPurchases)
    .where(gte(vtuPurchases.createdAt, from));
  const series = await db
    .select({
      day: lagosDayOf(vtuPurchases.createdAt),
      kind: vtuPurchases.kind,
      purchases: count(),
      kobo: sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered'), 0)`.mapWith(
        Number,
      ),
    })
    .from(vtuPurchases)
    .where(and(gte(vtuPurchases.createdAt, from), inArray(vtuPurchases.kind, [...AIRTIME_DATA_KINDS])))
    .groupBy(sql`1`, vtuPurchases.kind);
  // The query keeps to airtime and data, which the dashboard charts by kind.
  return { ...row!, series: series as (Omit<(typeof series)[number], 'kind'> & { kind: 'airtime' | 'data' })[] };
}

/**
 * The references the ledger files a vend's money under (its payment reference and its refund,
 * `vtu:ID`), found from either or from the request id the VTU provider knows it by.
 */
export async function ledgerReferencesOf(db: DbOrTx, reference: string): Promise<string[]> {
  const [row] = await db
    .select({ id: vtuPurchases.id, paymentReference: vtuPurchases.paymentReference })
    .from(vtuPurchases)
    .where(
      or(
        eq(vtuPurchases.paymentReference, reference),
        eq(vtuPurchases.requestId, reference),
        eq(sql`'vtu:' || ${vtuPurchases.id}`, reference),
      ),
    )
    .limit(1);
  return row ? [row.paymentReference, `vtu:${row.id}`] : [];
}

/** The vends created in [from, to), as reconciliation compares them with the provider's view. */
export async function vendsCreatedBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      id: vtuPurchases.id,
      requestId: vtuPurchases.requestId,
      kind: vtuPurchases.kind,
      status: vtuPurchases.status,
      amountKobo: vtuPurchases.amountKobo,
      createdAt: vtuPurchases.createdAt,
    })
    .from(vtuPurchases)
    .where(and(gte(vtuPurchases.createdAt, from), lt(vtuPurchases.createdAt, to)))
    .orderBy(asc(vtuPurchases.id));
}
