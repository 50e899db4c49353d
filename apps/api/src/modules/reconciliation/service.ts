import {
  koboToNaira,
  SUSPENSE_ACCOUNT,
  type ReconciliationCheck,
  type ReconciliationClearingAccount,
  type ReconciliationDifference,
} from '@ruwa/contract';
import { lagosDay } from '@ruwa/contract/dates';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { journal, post, type Journal } from '../ledger/service';
import * as payments from '../payments/service';
import { usersByIds } from '../users/service';
import { checkedKey, DAY_MS, dayWindow, recordFindings, SETTLING_MS, type Finding } from './findings';
import { compareRefunds } from './refund-check';
import { reconciliationDifferences, type DifferenceRow } from './schema';
import { checkVtuDay, checkVtuFloat } from './vtu-check';

export { askPaystackAgain, listStuckCardRefunds } from './card-refunds';
export { SETTLING_MS } from './findings';
export { checkVtuDay, lastVtuFloat, recordFloatTopUp } from './vtu-check';

/**
 * Compares one Lagos day's card payments with Paystack's list of transactions: paid there but not
 * here, paid here but not there, or different amounts. A charge later refunded in full reads
 * `reversed` at Paystack and still counts as paid: its refund is compared on its own, our card
 * refunds against Paystack's list of refunds (`compareRefunds`). Both sides are read a day wider than the day
 * itself, so a payment started before midnight and paid after it still finds its other half.
 * Differences are recorded (once each); open ones that now agree are marked matched. Safe to run
 * again at any time: the same day gives the same rows.
 */
export async function checkPaystackDay(ctx: AppContext, day: string, now = new Date()): Promise<ReconciliationCheck> {
  const { from, to } = dayWindow(day);
  const inDay = (at: Date) => at >= from && at < to;
  const theirs = await ctx.paystack.listTransactions({
    from: new Date(from.getTime() - DAY_MS),
    to: new Date(Math.min(to.getTime() + DAY_MS, now.getTime())),
  });
  const theirPaid = new Map(
    theirs.filter((t) => t.status === 'success' || t.status === 'reversed').map((t) => [t.reference, t]),
  );
  const oursPaid = await payments.successfulPaymentsBetween(
    ctx.db,
    new Date(from.getTime() - DAY_MS),
    new Date(to.getTime() + DAY_MS),
  );
  const ours = await payments.paymentsByReference(ctx.db, [...theirPaid.keys()]);

  const findings: Finding[] = [];
  const checked = new Set<string>();
  // The day's payments younger than SETTLING_MS on either side: compared by a later check.
  const waiting = new Set<string>();
  for (const charge of theirPaid.values()) {
    const at = new Date(charge.paidAt ?? charge.createdAt);
    if (!inDay(new Date(charge.createdAt))) continue;
    if (now.getTime() - at.getTime() < SETTLING_MS) {
      waiting.add(charge.reference);
      continue;
    }
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
    if (!inDay(mine.createdAt) || checked.has(mine.reference)) continue;
    if (now.getTime() - at.getTime() < SETTLING_MS) {
      waiting.add(mine.reference);
      continue;
    }
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

  const wide = {
    from: new Date(from.getTime() - DAY_MS),
    to: new Date(Math.min(to.getTime() + DAY_MS, now.getTime())),
  };
  const [theirRefunds, ourRefunds] = await Promise.all([
    ctx.paystack.listRefunds(wide),
    payments.cardRefundsCreatedBetween(ctx.db, wide.from, new Date(to.getTime() + DAY_MS)),
  ]);
  const refunds = compareRefunds(theirRefunds, ourRefunds, inDay, now);
  findings.push(...refunds.findings);
  for (const reference of refunds.checked) checked.add(checkedKey(reference, 'refund_missing_ours'));
  for (const reference of refunds.waiting) waiting.add(checkedKey(reference, 'refund_missing_ours'));
  for (const reference of checked) waiting.delete(reference);

  return recordFindings(ctx, 'paystack', day, findings, checked, now, waiting.size);
}

/** Yesterday and today in Lagos: what the hourly job and the admin's button check. */
export function recentDays(now = new Date()): string[] {
  return [lagosDay(new Date(now.getTime() - DAY_MS)), lagosDay(now)];
}

/**
 * Checks these days (default: yesterday and today) with Paystack, then with the VTU provider, then
 * compares the VTU float. What the hourly job and the admin's button run.
 */
export async function checkDays(ctx: AppContext, only?: string[], now = new Date()): Promise<ReconciliationCheck[]> {
  const days = only ?? recentDays(now);
  const results: ReconciliationCheck[] = [];
  for (const day of days) results.push(await checkPaystackDay(ctx, day, now));
  for (const day of days) results.push(await checkVtuDay(ctx, day, now));
  await checkVtuFloat(ctx);
  return results;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a run of checks says it did: how much it compared and how much it left for later, so "nothing
 * found" after comparing nothing never reads as everything matching.
 */
export function describeChecks(results: ReconciliationCheck[]): string {
  const sum = (field: 'checked' | 'waiting' | 'open') => results.reduce((total, result) => total + result[field], 0);
  const [checked, waiting, open] = [sum('checked'), sum('waiting'), sum('open')];
  if (checked === 0 && waiting === 0) return 'Nothing to compare: no payments, refunds or vends on these days';
  const compared = `${count(checked, 'payment', 'payments')} compared`;
  const later = waiting ? `, ${waiting} younger than 30 minutes or pending waiting` : '';
  const verdict = open
    ? count(open, 'difference found', 'differences found')
    : checked
      ? 'everything matches'
      : 'nothing to compare yet';
  return `${compared}${later}: ${verdict}`;
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
  const { rows, total } = await pagedSelect(db, reconciliationDifferences, {
    where,
    orderBy: [desc(reconciliationDifferences.occurredAt), desc(reconciliationDifferences.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { rows: await present(db, rows), total };
}

/**
 * The journal that makes the books follow the provider's figure, against the account the admin
 * chose (the catalogue's `reconciliation_adjustment` says which way each provider's difference
 * goes). Null when the two figures are equal.
 */
function adjustmentFor(row: DifferenceRow, against: ReconciliationClearingAccount): Journal | null {
  const providerExcessKobo = (row.theirsKobo ?? 0) - (row.oursKobo ?? 0);
  if (providerExcessKobo === 0) return null;
  return journal('reconciliation_adjustment', `recon:${row.id}`, {
    provider: row.provider === 'vtu' ? 'vtu' : 'paystack',
    providerExcessKobo,
    // A refund is money Paystack gave back: more refunded there than our record credits clearing.
    givenBack: row.kind.startsWith('refund_'),
    against,
  });
}

/**
 * An admin clears an open difference with a written reason: what was found and what was done about
 * it. The adjustment is a journal (`recon:ID`) against the account the admin chose, Suspense unless
 * they know where it belongs, in the same transaction; audited; a cleared difference is never
 * reopened by a later check.
 */
export async function clearDifference(
  ctx: AppContext,
  adminId: number,
  id: number,
  reason: string,
  against: ReconciliationClearingAccount = SUSPENSE_ACCOUNT,
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, id))
      .for('update');
    if (!row) throw notFound('Difference');
    if (row.status !== 'open') throw new AppError('conflict', 'This difference is no longer open.');
    const adjustment = adjustmentFor(row, against);
    if (adjustment) await post(tx, adjustment);
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
      after: { status: 'cleared', reason, ...(adjustment ? { account: against } : {}) },
    });
    return (await present(tx, [cleared!]))[0]!;
  });
}
