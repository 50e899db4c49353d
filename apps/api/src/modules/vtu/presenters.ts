import { CARD_REFUND_WINDOW_DAYS, koboToNaira, toLocalPhone, type DataBundle, type VtuPurchase } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { cardRefundsOfPurchases, type CardRefundRow } from '../payments/service';
import type { DataBundleRow, VtuPurchaseRow } from './schema';

export function toBundle(row: DataBundleRow): DataBundle {
  return {
    id: row.id,
    network: row.network,
    variation_code: row.variationCode,
    name: row.name,
    price: koboToNaira(row.priceKobo),
    enabled: row.enabled,
  };
}

const WINDOW_MS = CARD_REFUND_WINDOW_DAYS * 86_400_000;

/** A refused card-paid purchase whose refund, now in the wallet, can still be sent back to the card. */
export const mayRefundToCard = (row: VtuPurchaseRow, at = Date.now()) =>
  row.paymentMethod === 'card' && row.status === 'refunded' && at - row.createdAt.getTime() <= WINDOW_MS;

export function toPurchase(row: VtuPurchaseRow, cardRefund: CardRefundRow | null = null): VtuPurchase {
  return {
    id: row.id,
    // Only airtime and data are presented here (the table's check holds their network).
    kind: row.kind as VtuPurchase['kind'],
    network: row.network!,
    phone: toLocalPhone(row.phone),
    amount: koboToNaira(row.amountKobo),
    bundle: row.bundleName,
    status: row.status,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    card_refund_available: !cardRefund && mayRefundToCard(row),
    card_refund: cardRefund ? { status: cardRefund.status, amount: koboToNaira(cardRefund.amountKobo) } : null,
  };
}

/** Purchases as the customer reads them, each with its refund to the card if it has one. */
export async function withCardRefunds(db: DbOrTx, rows: VtuPurchaseRow[]) {
  const refunds = await cardRefundsOfPurchases(
    db,
    rows.filter((row) => row.paymentMethod === 'card' && row.status === 'refunded').map((row) => row.id),
  );
  return rows.map((row) => toPurchase(row, refunds.get(row.id) ?? null));
}
