import { koboToNaira, type ReconciliationCheck, type ReconciliationDifference } from '@ruwa/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { lagosDay, lagosMidnight } from '../../lib/lagos-time';
import { audit } from '../audit/service';
import { ACCOUNTS, post } from '../ledger/service';
import * as payments from '../payments/service';
import { usersByIds } from '../users/service';
import { reconciliationDifferences, type DifferenceKind, type DifferenceRow } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A charge younger than this is not yet a difference: the payment job completes charges whose
 * browser never came back within minutes, and this keeps its work from being reported as a gap.
 */
export const SETTLING_MS = 30 * 60 * 1000;

type Finding = {
  reference: string;
  kind: DifferenceKind;
  oursKobo: number | null;
  theirsKobo: number | null;
  at: Date;
};

/**
 * Compares one Lagos day's card payments with Paystack's list of transactions: paid there but not
 * here, paid here but not there, or different amounts. Both sides are read a day wider than the day
 * itself, so a payment started before midnight and paid after it still finds its other half.
 * Differences are recorded (once each); open ones that now agree are marked matched. Safe to run
 * again at any time: the same day gives the same rows.
 */
export async function checkPaystackDay(ctx: AppContext, day: string, now = new Date()): Promise<ReconciliationCheck> {
  const from = lagosMidnight(day);
  const to = new Date(from.getTime() + DAY_MS);
  const inDay = (at: Date) => at >= from && at < to;
  const theirs = await ctx.paystack.listTransactions({
    from: new Date(from.getTime() - DAY_MS),
    to: new Date(Math.min(to.getTime() + DAY_MS, now.getTime())),
  });
  const theirPaid = new Map(theirs.filter((t) => t.status === 'success').map((t) => [t.reference, t]));
  const oursPaid = await payments.successfulPaymentsBetween(
    ctx.db,
    new Date(from.getTime() - DAY_MS),
    new Date(to.getTime() + DAY_MS),
  );
  const ours = await payments.paymentsByReference(ctx.db, [...theirPaid.keys()]);

  const findings: Finding[] = [];
  const checked = new Set<string>();
  for (const charge of theirPaid.values()) {
    const at = new Date(charge.paidAt ?? charge.createdAt);
    if (!inDay(new Date(charge.createdAt)) || now.getTime() - at.getTime() < SETTLING_MS) continue;
    checked.add(charge.reference);
    const mine = ours.get(charge.reference);
    if (mine?.status !== 'success') {
      findings.push({
        reference: charge.reference,
        kind: 'missing_ours',
        oursKobo: null,
        theirsKobo: charge.amountKobo,
        at,
      });
    } else if (mine.amountKobo !== charge.amountKobo) {
      findings.push({
        reference: charge.reference,
        kind: 'amount_differs',
        oursKobo: mine.amountKobo,
        theirsKobo: charge.amountKobo,
        at,
      });
    }
  }
  for (const mine of oursPaid) {
    const at = mine.verifiedAt ?? mine.createdAt;
    if (!inDay(mine.createdAt) || checked.has(mine.reference) || now.getTime() - at.getTime() < SETTLING_MS) continue;
    checked.add(mine.reference);
    const charge = theirPaid.get(mine.reference);
    if (!charge) {
      findings.push({
        reference: mine.reference,
        kind: 'missing_theirs',
        oursKobo: mine.amountKobo,
        theirsKobo: null,
        at,
      });
    } else if (charge.amountKobo !== mine.amountKobo) {
      findings.push({
        reference: mine.reference,
        kind: 'amount_differs',
        oursKobo: mine.amountKobo,
        theirsKobo: charge.amountKobo,
        at,
      });
    }
  }

  return ctx.db.transaction(async (tx) => {
    for (const finding of findings) {
      await tx
        .insert(reconciliationDifferences)
        .values({
          provider: 'paystack',
          reference: finding.reference,
          kind: finding.kind,
          oursKobo: finding.oursKobo,
          theirsKobo: finding.theirsKobo,
          occurredAt: finding.at,
        })
        // Found again: an open row keeps its first detection; a matched one is open again.
        .onConflictDoUpdate({
          target: [
            reconciliationDifferences.provider,
            reconciliationDifferences.reference,
            reconciliationDifferences.kind,
          ],
          set: {
            oursKobo: finding.oursKobo,
            theirsKobo: finding.theirsKobo,
            status: sql`case when ${reconciliationDifferences.status} = 'cleared' then 'cleared' else 'open' end`,
            resolvedAt: sql`case when ${reconciliationDifferences.status} = 'cleared' then ${reconciliationDifferences.resolvedAt} else null end`,
          },
        });
    }
    const still = new Set(findings.map((f) => `${f.reference}:${f.kind}`));
    const open = await tx
      .select()
      .from(reconciliationDifferences)
      .where(
        and(
          eq(reconciliationDifferences.provider, 'paystack'),
          eq(reconciliationDifferences.status, 'open'),
          gte(reconciliationDifferences.occurredAt, new Date(from.getTime() - DAY_MS)),
          lt(reconciliationDifferences.occurredAt, new Date(to.getTime() + DAY_MS)),
        ),
      );
    let matched = 0;
    for (const row of open) {
      if (!checked.has(row.reference) || still.has(`${row.reference}:${row.kind}`)) continue;
      await tx
        .update(reconciliationDifferences)
        .set({ status: 'matched', resolvedAt: now })
        .where(and(eq(reconciliationDifferences.id, row.id), eq(reconciliationDifferences.status, 'open')));
      matched += 1;
    }
    return { day, checked: checked.size, open: findings.length, matched };
  });
}

/** Yesterday and today in Lagos: what the hourly job and the admin's button check. */
export function recentDays(now = new Date()): string[] {
  return [lagosDay(new Date(now.getTime() - DAY_MS)), lagosDay(now)];
}

export async function checkRecentDays(ctx: AppContext, now = new Date()): Promise<ReconciliationCheck[]> {
  const results: ReconciliationCheck[] = [];
  for (const day of recentDays(now)) results.push(await checkPaystackDay(ctx, day, now));
  return results;
}

async function present(db: DbOrTx, rows: DifferenceRow[]): Promise<ReconciliationDifference[]> {
  const people = await usersByIds(
    db,
    rows.map((row) => row.clearedBy).filter((id): id is number => id !== null),
  );
  return rows.map((row) => {
    const by = row.clearedBy === null ? undefined : people.get(row.clearedBy);
    return {
      id: row.id,
      provider: row.provider,
      reference: row.reference,
      kind: row.kind,
      ours: row.oursKobo === null ? null : koboToNaira(row.oursKobo),
      theirs: row.theirsKobo === null ? null : koboToNaira(row.theirsKobo),
      occurred_at: row.occurredAt.toISOString(),
      status: row.status,
      reason: row.reason,
      cleared_by: by ? { id: by.id, name: `${by.firstName} ${by.lastName}`, email: by.email } : null,
      detected_at: row.detectedAt.toISOString(),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
    };
  });
}

export async function listDifferences(
  db: DbOrTx,
  options: { status: 'open' | 'matched' | 'cleared' | 'all'; limit: number; offset: number },
) {
  const where = options.status === 'all' ? undefined : eq(reconciliationDifferences.status, options.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reconciliationDifferences)
      .where(where)
      .orderBy(desc(reconciliationDifferences.occurredAt), desc(reconciliationDifferences.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(reconciliationDifferences).where(where),
  ]);
  return { rows: await present(db, rows), total: Number(total?.n ?? 0) };
}

/**
 * An admin clears an open difference with a written reason: what was found and what was done about
 * it. The adjustment is a journal (`recon:ID`) in the same transaction; audited; a cleared
 * difference is never reopened by a later check.
 */
export async function clearDifference(ctx: AppContext, adminId: number, id: number, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, id))
      .for('update');
    if (!row) throw notFound('Difference');
    if (row.status !== 'open') throw new AppError('conflict', 'This difference is no longer open.');
    // The books follow the provider's figure: what Paystack holds beyond our record goes into
    // Paystack clearing (and out of it when it holds less), against support adjustments.
    const providerExcessKobo = (row.theirsKobo ?? 0) - (row.oursKobo ?? 0);
    if (providerExcessKobo !== 0) {
      await post(tx, {
        kind: 'reconciliation_adjustment',
        reference: `recon:${row.id}`,
        postings: [
          { account: ACCOUNTS.paystackClearing.code, amountKobo: providerExcessKobo },
          { account: ACCOUNTS.supportAdjustments.code, amountKobo: -providerExcessKobo },
        ],
      });
    }
    const [cleared] = await tx
      .update(reconciliationDifferences)
      .set({ status: 'cleared', reason, clearedBy: adminId, resolvedAt: new Date() })
      .where(eq(reconciliationDifferences.id, id))
      .returning();
    await audit(tx, {
      actorId: adminId,
      action: 'reconciliation.clear',
      entity: 'reconciliation_difference',
      entityId: id,
      before: { status: row.status },
      after: { status: 'cleared', reason },
    });
    return (await present(tx, [cleared!]))[0]!;
  });
}
