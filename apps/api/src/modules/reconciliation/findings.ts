import type { ReconciliationCheck, ReconciliationProvider } from '@ruwa/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { lagosMidnight } from '../../lib/lagos-time';
import { reconciliationDifferences, type DifferenceKind } from './schema';

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A record younger than this is not yet a difference: the payment job completes charges whose
 * browser never came back, and the requery job settles pending vends, within minutes; this keeps
 * their work from being reported as a gap.
 */
export const SETTLING_MS = 30 * 60 * 1000;

/** One disagreement found by a check, in kobo. */
export type Finding = {
  reference: string;
  kind: DifferenceKind;
  oursKobo: number | null;
  theirsKobo: number | null;
  at: Date;
};

/**
 * How a check names what it compared, in `checked`: the reference, or for a refund of a transaction
 * `refund:<reference>`, since a charge and its refund share the transaction's reference but are
 * judged apart (the refund may fall on another day).
 */
export const checkedKey = (reference: string, kind: DifferenceKind) =>
  kind.startsWith('refund_') ? `refund:${reference}` : reference;

/** A Lagos day as [from, to). */
export function dayWindow(day: string) {
  const from = lagosMidnight(day);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/**
 * Records what a check of one provider's day found, once each, and marks as matched the open
 * differences it compared again (`checked`, named by `checkedKey`) and no longer found; `waiting` is
 * how many of the day's records it left for a later check (younger than SETTLING_MS, or pending). Open rows are looked for a day
 * either side of the day, as the checks read both sides that wide.
 */
export async function recordFindings(
  ctx: AppContext,
  provider: ReconciliationProvider,
  day: string,
  findings: Finding[],
  checked: Set<string>,
  now: Date,
  waiting: number,
): Promise<ReconciliationCheck> {
  const { from, to } = dayWindow(day);
  return ctx.db.transaction(async (tx) => {
    for (const finding of findings) {
      await tx
        .insert(reconciliationDifferences)
        .values({
          provider,
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
          eq(reconciliationDifferences.provider, provider),
          eq(reconciliationDifferences.status, 'open'),
          gte(reconciliationDifferences.occurredAt, new Date(from.getTime() - DAY_MS)),
          lt(reconciliationDifferences.occurredAt, new Date(to.getTime() + DAY_MS)),
        ),
      );
    let matched = 0;
    for (const row of open) {
      if (!checked.has(checkedKey(row.reference, row.kind)) || still.has(`${row.reference}:${row.kind}`)) continue;
      await tx
        .update(reconciliationDifferences)
        .set({ status: 'matched', resolvedAt: now })
        .where(and(eq(reconciliationDifferences.id, row.id), eq(reconciliationDifferences.status, 'open')));
      matched += 1;
    }
    return { provider, day, checked: checked.size, waiting, open: findings.length, matched };
  });
}
