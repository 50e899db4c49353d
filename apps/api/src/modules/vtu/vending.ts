import { formatNaira, koboToNaira, purchaseReference, toLocalPhone } from '@ruwa/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { providerChargeKobo, UNKNOWN_REQUEST_CODE, type VendResult } from '../../platform/vtu/client';
import { recordStatusChange, SYSTEM } from '../audit/service';
import { rewardDeliveredPurchase } from '../engagement/service';
import { journal, post } from '../ledger/service';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { credit, type LedgerEntryRow } from '../wallet/service';
import { serviceId } from './provider-service-id';
import { vtuPurchases, type VtuPurchaseRow } from './schema';

const now = () => new Date().toISOString();

/**
 * A delivered vend's cost, out of the float the provider holds for us: what it says it charged
 * (face value less its discount), else the face value. Under the request id, once.
 */
async function postVendCost(tx: Tx, row: VtuPurchaseRow, result: VendResult) {
  const costKobo = providerChargeKobo(result.raw) ?? row.amountKobo;
  if (costKobo <= 0) return;
  await post(tx, journal('vtu_cost', row.requestId, { costKobo }));
}

/**
 * Applies a provider answer: delivered is final; failed refunds the wallet at once, exactly once;
 * pending (or a timeout, or anything unreadable) waits for the requery job.
 */
async function applyVendResult(ctx: AppContext, id: number, action: 'pay' | 'requery', result: VendResult) {
  const refunded: { row?: VtuPurchaseRow; entry?: LedgerEntryRow } = {};
  const status = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(vtuPurchases).where(eq(vtuPurchases.id, id)).for('update');
    if (!row) return null;
    const response = {
      at: now(),
      action,
      status: result.status,
      code: result.code,
      message: result.message.slice(0, 200),
    };
    const log = sql`${vtuPurchases.providerResponses} || ${JSON.stringify([response])}::jsonb`;
    if (row.status !== 'pending' || result.status === 'pending') {
      await tx
        .update(vtuPurchases)
        .set({ providerResponses: log, lastCheckedAt: new Date(), updatedAt: new Date() })
        .where(eq(vtuPurchases.id, id));
      return row.status;
    }
    if (result.status === 'delivered') {
      await tx
        .update(vtuPurchases)
        .set({
          status: 'delivered',
          providerResponses: log,
          lastCheckedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(vtuPurchases.id, id));
      await recordStatusChange(tx, {
        entity: 'vtu_purchase',
        entityId: id,
        from: 'pending',
        to: 'delivered',
        actor: SYSTEM,
      });
      await notify(tx, row.userId, {
        kind: 'vtu',
        title: row.kind === 'airtime' ? 'Airtime delivered' : 'Data delivered',
        description: `${row.bundleName ?? formatNaira(koboToNaira(row.amountKobo))} ${row.kind} for ${toLocalPhone(row.phone)} was delivered.`,
      });
      await rewardDeliveredPurchase(tx, row);
      await postVendCost(tx, row, result);
      return 'delivered';
    }
    refunded.row = row;
    refunded.entry = await credit(tx, row.userId, {
      amountKobo: row.amountKobo,
      type: 'refund',
      reference: `vtu:${row.id}`,
      description: `Refund: ${row.kind} for ${toLocalPhone(row.phone)} failed`,
    });
    await tx
      .update(vtuPurchases)
      .set({
        status: 'refunded',
        providerResponses: log,
        lastCheckedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(vtuPurchases.id, id));
    await recordStatusChange(
      tx,
      { entity: 'vtu_purchase', entityId: id, from: 'pending', to: 'failed', actor: SYSTEM },
      { entity: 'vtu_purchase', entityId: id, from: 'failed', to: 'refunded', actor: SYSTEM },
    );
    await notify(tx, row.userId, {
      kind: 'vtu',
      title: 'Purchase failed: money refunded',
      description: `The network could not deliver ${row.kind} to ${toLocalPhone(row.phone)}. ${formatNaira(koboToNaira(row.amountKobo))} is back in your wallet.`,
    });
    return 'refunded';
  });
  if (refunded.row && refunded.entry) await mailVendRefund(ctx, refunded.row, refunded.entry);
  return status;
}

/** The receipt e-mail of a refused vend's refund to the wallet, after its commit. */
function mailVendRefund(ctx: AppContext, row: VtuPurchaseRow, entry: LedgerEntryRow) {
  return mailReceipt(ctx, {
    userId: row.userId,
    kind: 'refund',
    reference: entry.txId,
    at: entry.createdAt,
    what: RECEIPT_WHAT.refund(`${row.kind} for ${toLocalPhone(row.phone)} (${purchaseReference('vtu', row.id)})`),
    amountKobo: row.amountKobo,
    feeKobo: 0,
    paidWith: RECEIPT_PAID_WITH.toWallet,
    status: RECEIPT_STATUSES.refunded,
  });
}

/** Sends a paid purchase to the provider, once: the claim makes a second caller a no-op. */
export async function vend(ctx: AppContext, id: number) {
  const [claimed] = await ctx.db
    .update(vtuPurchases)
    .set({ lastCheckedAt: new Date() })
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.status, 'pending'), isNull(vtuPurchases.lastCheckedAt)))
    .returning();
  if (!claimed) return;
  await applyVendResult(ctx, id, 'pay', await ctx.vtu.pay(payInput(claimed)));
}

const payInput = (row: VtuPurchaseRow) => ({
  requestId: row.requestId,
  serviceId: serviceId(row.network, row.kind),
  phone: toLocalPhone(row.phone),
  ...(row.kind === 'airtime' ? { amountNaira: koboToNaira(row.amountKobo) } : { variationCode: row.variationCode! }),
});

/** The requery job: asks about every pending purchase; vends any that never reached the provider. */
export async function requeryPending(ctx: AppContext, at = new Date()): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(vtuPurchases)
    .where(
      and(
        eq(vtuPurchases.status, 'pending'),
        or(
          lt(vtuPurchases.lastCheckedAt, new Date(at.getTime() - 5_000)),
          and(isNull(vtuPurchases.lastCheckedAt), lt(vtuPurchases.createdAt, new Date(at.getTime() - 60_000))),
        ),
      ),
    )
    .orderBy(asc(vtuPurchases.id))
    .limit(200);
  for (const row of rows) {
    if (!row.lastCheckedAt) {
      await vend(ctx, row.id);
      continue;
    }
    const answer = await ctx.vtu.requery(row.requestId);
    // The provider never received the vend (a 5xx or a dropped connection): send it again with the
    // same request id, which the provider refuses to vend twice.
    if (answer.code === UNKNOWN_REQUEST_CODE)
      await applyVendResult(ctx, row.id, 'pay', await ctx.vtu.pay(payInput(row)));
    else await applyVendResult(ctx, row.id, 'requery', answer);
  }
  return rows.length;
}
