import { randomUUID } from 'node:crypto';
import {
  koboToNaira,
  nairaToKobo,
  type ReconciliationCheck,
  type ReconciliationFloat,
  type ReconciliationFloatTopUp,
  type reconciliationFloatTopUpBody,
} from '@ruwa/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import { VtuProviderError } from '../../platform/vtu/client';
import type { z } from 'zod';
import { audit } from '../audit/service';
import { differsFromPosted, journal, post, vtuFloatBalanceKobo } from '../ledger/service';
import { vendsCreatedBetween } from '../vtu/service';
import { dayWindow, recordFindings, SETTLING_MS, type Finding } from './findings';
import { reconciliationFloatChecks } from './schema';

const noAnswer = () => new AppError('bad_gateway', 'The VTU provider did not answer. Try again shortly.');

/**
 * Compares one Lagos day's vends with the provider's view of each (one requery per vend: VTpass
 * lists no transactions by day). Delivered here but failed or unknown there is `missing_theirs` (a
 * customer paid for airtime the provider never sent); failed or refunded here but delivered there is
 * `missing_ours` (the float paid for a vend we refunded); airtime or a bill delivered on both sides at
 * different amounts is `amount_differs`. A data bundle's amounts are not compared: admins set our prices, the
 * provider vends at its own. Vends still pending on either side are the requery job's, not a difference yet.
 * Referenced by request id, the name the provider knows a vend by.
 */
export async function checkVtuDay(ctx: AppContext, day: string, now = new Date()): Promise<ReconciliationCheck> {
  const { from, to } = dayWindow(day);
  const vends = await vendsCreatedBetween(ctx.db, from, to);
  const settled = vends.filter(
    (vend) => vend.status !== 'pending' && now.getTime() - vend.createdAt.getTime() >= SETTLING_MS,
  );
  const theirs = await ctx.vtu.vendsByRequestId(settled.map((vend) => vend.requestId));
  if (settled.length && !theirs.size) throw noAnswer();

  const findings: Finding[] = [];
  const checked = new Set<string>();
  // Pending or young here, or still pending at the provider: the requery job's, for a later check.
  let waiting = vends.length - settled.length;
  for (const mine of settled) {
    const vend = theirs.get(mine.requestId);
    if (vend?.status === 'pending') waiting += 1;
    if (!vend || vend.status === 'pending') continue;
    checked.add(mine.requestId);
    const deliveredHere = mine.status === 'delivered';
    const deliveredThere = vend.status === 'delivered';
    const at = mine.createdAt;
    if (deliveredHere && !deliveredThere) {
      findings.push({
        reference: mine.requestId,
        kind: 'missing_theirs',
        oursKobo: mine.amountKobo,
        theirsKobo: null,
        at,
      });
    } else if (!deliveredHere && deliveredThere) {
      findings.push({
        reference: mine.requestId,
        kind: 'missing_ours',
        oursKobo: null,
        theirsKobo: vend.amountKobo ?? mine.amountKobo,
        at,
      });
    } else if (
      deliveredHere &&
      mine.kind !== 'data' &&
      vend.amountKobo !== null &&
      vend.amountKobo !== mine.amountKobo
    ) {
      findings.push({
        reference: mine.requestId,
        kind: 'amount_differs',
        oursKobo: mine.amountKobo,
        theirsKobo: vend.amountKobo,
        at,
      });
    }
  }
  return recordFindings(ctx, 'vtu', day, findings, checked, now, waiting);
}

const presentFloat = (row: typeof reconciliationFloatChecks.$inferSelect): ReconciliationFloat => ({
  theirs: koboToNaira(row.theirsKobo),
  ours: koboToNaira(row.oursKobo),
  difference: koboToNaira(row.theirsKobo - row.oursKobo),
  checked_at: row.checkedAt.toISOString(),
});

/** Reads the provider's balance and the VTU float account (1300) together, and keeps the pair. */
export async function checkVtuFloat(ctx: AppContext, now = new Date()): Promise<ReconciliationFloat> {
  let theirsKobo: number;
  try {
    theirsKobo = await ctx.vtu.balanceKobo();
  } catch (error) {
    if (error instanceof VtuProviderError) throw noAnswer();
    throw error;
  }
  const oursKobo = await vtuFloatBalanceKobo(ctx.db);
  const [row] = await ctx.db
    .insert(reconciliationFloatChecks)
    .values({ provider: 'vtu', theirsKobo, oursKobo, checkedAt: now })
    .returning();
  return presentFloat(row!);
}

/** The last float comparison, or null before the first. */
export async function lastVtuFloat(db: DbOrTx): Promise<ReconciliationFloat | null> {
  const [row] = await db
    .select()
    .from(reconciliationFloatChecks)
    .where(eq(reconciliationFloatChecks.provider, 'vtu'))
    .orderBy(desc(reconciliationFloatChecks.checkedAt), desc(reconciliationFloatChecks.id))
    .limit(1);
  return row ? presentFloat(row) : null;
}

/**
 * An admin records money sent to the VTU provider's float: 1300 debited, the Paystack balance it was
 * paid from (1200) credited, audited, in one transaction. Once per `reference`: a retry or a second
 * click with the same reference answers the first top-up (a different amount under it is a 409).
 * Then the float is compared again, so the screen shows the gap the top-up closed.
 */
export async function recordFloatTopUp(
  ctx: AppContext,
  adminId: number,
  body: z.output<typeof reconciliationFloatTopUpBody>,
): Promise<ReconciliationFloatTopUp> {
  const amountKobo = nairaToKobo(body.amount);
  const reference = `float-top-up:${body.reference ?? randomUUID()}`;
  await ctx.db.transaction(async (tx) => {
    const topUp = journal('vtu_float_top_up', reference, { amountKobo, from: 'paystack_balance' });
    const posted = await post(tx, topUp);
    if (!posted.created) {
      if (await differsFromPosted(tx, topUp))
        throw new AppError('conflict', 'This reference was already used for a different top-up.');
      return;
    }
    await audit(tx, {
      actorId: adminId,
      action: 'reconciliation.float_top_up',
      entity: 'ledger_journals',
      entityId: reference,
      after: { amount_kobo: amountKobo, reason: body.reason, reference },
    });
  });
  let float: ReconciliationFloat | null = null;
  try {
    float = await checkVtuFloat(ctx);
  } catch (error) {
    // The top-up is recorded; the comparison waits for the next check.
    if (!(error instanceof AppError)) throw error;
  }
  return { reference, amount: koboToNaira(amountKobo), float };
}
