import { formatNaira, koboToNaira, purchaseReference, toLocalPhone } from '@ruwa/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import {
  providerChargeKobo,
  providerCommissionKobo,
  readBillToken,
  UNKNOWN_REQUEST_CODE,
  type VendResult,
} from '../../platform/vtu/client';
import { recordStatusChange, SYSTEM } from '../audit/service';
import { rewardDeliveredPurchase } from '../engagement/service';
import { journal, post } from '../ledger/service';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { requestCardRefund } from '../payments/service';
import { credit, type LedgerEntryRow } from '../wallet/service';
import { BILL_TEXTS, billerName } from './bill-texts';
import { startWalletRefundToCard } from './card-refunds';
import { serviceId } from './provider-service-id';
import { isBillRow, vtuPurchases, type VtuPurchaseRow } from './schema';

const now = () => new Date().toISOString();

/**
 * A delivered vend's cost, out of the float the provider holds for us: what it says it charged
 * (face value less its discount), else the face value. Under the request id, once.
 */
async function postVendCost(tx: Tx, row: VtuPurchaseRow, result: VendResult) {
  if (isBillRow(row)) {
    // A bill's face value is what the provider took; its commission comes back as revenue.
    const commissionKobo = Math.min(providerCommissionKobo(result.raw), row.amountKobo);
    await post(tx, journal('bill_cost', row.requestId, { faceKobo: row.amountKobo, commissionKobo }));
    return;
  }
  const costKobo = providerChargeKobo(result.raw) ?? row.amountKobo;
  if (costKobo <= 0) return;
  await post(tx, journal('vtu_cost', row.requestId, { costKobo }));
}

/**
 * Applies a provider answer: delivered is final; failed refunds the wallet at once, exactly once;
 * pending (or a timeout, or anything unreadable) waits for the requery job.
 */
async function applyVendResult(
  ctx: AppContext,
  id: number,
  action: 'pay' | 'requery' | 'callback',
  result: VendResult,
) {
  const refunded: { row?: VtuPurchaseRow; entry?: LedgerEntryRow; cardRefundId?: number } = {};
  const handed: { row?: VtuPurchaseRow } = {};
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
    const handedOver = isBillRow(row) && result.status === 'delivered' ? readBillToken(result.raw) : null;
    if (row.status !== 'pending' || result.status === 'pending') {
      // A token the delivering answer did not carry is kept from a later one that does.
      const lateToken = row.status === 'delivered' && !row.token && handedOver?.token ? handedOver : null;
      await tx
        .update(vtuPurchases)
        .set({ providerResponses: log, lastCheckedAt: new Date(), updatedAt: new Date(), ...(lateToken ?? {}) })
        .where(eq(vtuPurchases.id, id));
      if (lateToken) handed.row = { ...row, ...lateToken };
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
          ...(handedOver ?? {}),
        })
        .where(eq(vtuPurchases.id, id));
      await recordStatusChange(tx, {
        entity: 'vtu_purchase',
        entityId: id,
        from: 'pending',
        to: 'delivered',
        actor: SYSTEM,
      });
      if (isBillRow(row)) {
        const delivered = { ...row, ...(handedOver ?? {}) };
        await notify(tx, row.userId, {
          kind: 'vtu',
          title: BILL_TEXTS.delivered.title,
          description: billDelivered(delivered),
        });
        if (delivered.token) handed.row = delivered;
      } else {
        await notify(tx, row.userId, {
          kind: 'vtu',
          title: row.kind === 'airtime' ? 'Airtime delivered' : 'Data delivered',
          description: `${row.bundleName ?? formatNaira(koboToNaira(row.amountKobo))} ${row.kind} for ${toLocalPhone(row.phone)} was delivered.`,
        });
        // Referral rewards and raffle tickets are earned on airtime and data, whose margin pays for them.
        await rewardDeliveredPurchase(tx, row);
      }
      await postVendCost(tx, row, result);
      return 'delivered';
    }
    refunded.row = row;
    refunded.entry = await credit(tx, row.userId, {
      amountKobo: row.amountKobo,
      type: 'refund',
      reference: `vtu:${row.id}`,
      description: isBillRow(row)
        ? BILL_TEXTS.refunded.wallet(row.billersCode ?? '')
        : `Refund: ${row.kind} for ${toLocalPhone(row.phone)} failed`,
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
    if (isBillRow(row)) {
      await notify(tx, row.userId, {
        kind: 'vtu',
        title: BILL_TEXTS.refunded.title,
        description: BILL_TEXTS.refunded.description(row.amountKobo, row.billersCode ?? ''),
      });
      // A bill paid by card goes back to the card at once, from the wallet it was just refunded to.
      if (row.paymentMethod === 'card') refunded.cardRefundId = (await startWalletRefundToCard(tx, row)).id;
    } else {
      await notify(tx, row.userId, {
        kind: 'vtu',
        title: 'Purchase failed: money refunded',
        description: `The network could not deliver ${row.kind} to ${toLocalPhone(row.phone)}. ${formatNaira(koboToNaira(row.amountKobo))} is back in your wallet.`,
      });
    }
    return 'refunded';
  });
  if (refunded.row && refunded.entry)
    await mailVendRefund(ctx, refunded.row, refunded.entry, refunded.cardRefundId !== undefined);
  if (refunded.cardRefundId !== undefined) await requestCardRefund(ctx, refunded.cardRefundId);
  if (handed.row) await smsToken(ctx, handed.row);
  return status;
}

const billDelivered = (row: VtuPurchaseRow) =>
  row.token
    ? BILL_TEXTS.delivered.prepaid(row.amountKobo, row.billersCode ?? '', row.token, row.units)
    : BILL_TEXTS.delivered.postpaid(row.amountKobo, row.billersCode ?? '');

/**
 * Texts a prepaid token to the number the customer gave, after the commit. The token is kept on the
 * purchase and shown on screen, so an SMS the provider refuses is logged, never retried.
 */
async function smsToken(ctx: AppContext, row: VtuPurchaseRow) {
  const text = BILL_TEXTS.sms(
    billerName(row.serviceId),
    row.billersCode ?? '',
    row.token ?? '',
    row.units,
    purchaseReference('vtu', row.id),
  );
  await ctx.sms.send({ to: row.phone, text }).catch((error: unknown) => {
    ctx.log.warn({ err: error, purchaseId: row.id }, 'electricity token SMS not sent');
  });
}

/** The receipt e-mail of a refused vend's refund (to the wallet, or on to the card), after its commit. */
function mailVendRefund(ctx: AppContext, row: VtuPurchaseRow, entry: LedgerEntryRow, toCard: boolean) {
  return mailReceipt(ctx, {
    userId: row.userId,
    kind: 'refund',
    reference: entry.txId,
    at: entry.createdAt,
    what: RECEIPT_WHAT.refund(
      `${isBillRow(row) ? `electricity for meter ${row.billersCode}` : `${row.kind} for ${toLocalPhone(row.phone)}`} (${purchaseReference('vtu', row.id)})`,
    ),
    amountKobo: row.amountKobo,
    feeKobo: 0,
    paidWith: toCard ? RECEIPT_PAID_WITH.toCard : RECEIPT_PAID_WITH.toWallet,
    status: toCard ? RECEIPT_STATUSES.refundToCard : RECEIPT_STATUSES.refunded,
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

const payInput = (row: VtuPurchaseRow) =>
  isBillRow(row)
    ? {
        requestId: row.requestId,
        serviceId: row.serviceId!,
        phone: toLocalPhone(row.phone),
        amountNaira: koboToNaira(row.amountKobo),
        billersCode: row.billersCode!,
        // VTpass takes an electricity meter's type as the variation code.
        variationCode: row.meterType!,
      }
    : {
        requestId: row.requestId,
        serviceId: serviceId(row.network!, row.kind as 'airtime' | 'data'),
        phone: toLocalPhone(row.phone),
        ...(row.kind === 'airtime'
          ? { amountNaira: koboToNaira(row.amountKobo) }
          : { variationCode: row.variationCode! }),
      };

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

/**
 * The provider's `transaction-update` callback. Nothing in it is believed: the purchase it names, if
 * still pending, is re-queried and the requery's answer applied, exactly as the requery job would.
 */
export async function onProviderCallback(ctx: AppContext, body: unknown) {
  const data = ((body ?? {}) as { data?: Record<string, unknown> }).data ?? {};
  const requestId = String(data.requestId ?? data.request_id ?? '');
  if (!requestId) return;
  const [row] = await ctx.db
    .select({ id: vtuPurchases.id, status: vtuPurchases.status })
    .from(vtuPurchases)
    .where(eq(vtuPurchases.requestId, requestId));
  if (!row || row.status !== 'pending') return;
  await applyVendResult(ctx, row.id, 'callback', await ctx.vtu.requery(requestId));
}
