import { koboToNaira, type Receipt, type ReceiptKind, type ReceiptLine } from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/http/errors';
import * as orders from '../orders/service';
import * as vtu from '../vtu/service';
import * as wallet from '../wallet/service';
import { billReceipt, orderReceipt, subscriptionReceipt, vtuReceipt } from './purchases';
import { DIRECTION_TEXT, LABELS, MOVEMENT_STATUS_TEXT, TITLES } from './texts';

// A wallet movement's receipt: its TX id, what moved and why; a wallet payment shows what it bought.

type Movement = NonNullable<Awaited<ReturnType<typeof wallet.findOwnMovement>>>;
type PurchaseKey = { kind: 'order' | 'subscription' | 'vtu'; id: number };

const LEDGER_PURCHASE = /^(order|subscription|vtu):(\d{1,10})$/;

/** The purchase a ledger reference files money under (`order:12`, or a payment reference), if any. */
async function purchaseOf(db: DbOrTx, ledgerReference: string): Promise<PurchaseKey | null> {
  const direct = LEDGER_PURCHASE.exec(ledgerReference);
  if (direct) return { kind: direct[1] as PurchaseKey['kind'], id: Number(direct[2]) };
  const [orderRefs, vtuRefs] = await Promise.all([
    orders.ledgerReferencesOf(db, ledgerReference),
    vtu.ledgerReferencesOf(db, ledgerReference),
  ]);
  for (const reference of [...orderRefs, ...vtuRefs]) {
    const match = LEDGER_PURCHASE.exec(reference);
    if (match) return { kind: match[1] as PurchaseKey['kind'], id: Number(match[2]) };
  }
  return null;
}

/** A purchase's receipt for its own customer; null when it is not theirs (or is gone). */
export async function purchaseReceipt(db: DbOrTx, userId: number, key: PurchaseKey): Promise<Receipt | null> {
  const notTheirs = (error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  };
  if (key.kind === 'order')
    return orders
      .getOrder(db, key.id, { id: userId, role: 'customer' })
      .then(({ order }) => orderReceipt(order), notTheirs);
  if (key.kind === 'subscription')
    return orders
      .getMySubscription(db, userId, key.id)
      .then(({ subscription, locationName }) => subscriptionReceipt(subscription, locationName), notTheirs);
  const bill = await vtu.getMyBill(db, userId, key.id).then(billReceipt, notTheirs);
  return bill ?? vtu.getMyPurchase(db, userId, key.id).then(vtuReceipt, notTheirs);
}

/** The kinds a wallet movement's own receipt can be (an order is only ever a purchase's). */
type MovementKind = Exclude<ReceiptKind, 'order'>;

const KIND_BY_TYPE: Record<string, MovementKind> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  purchase: 'wallet_payment',
  refund: 'refund',
  reward: 'reward',
  reversal: 'reversal',
  commission: 'commission',
  savings: 'savings',
  adjustment: 'adjustment',
  card_refund: 'card_refund',
};

export async function movementReceipt(db: DbOrTx, userId: number, entry: Movement): Promise<Receipt> {
  const kind: MovementKind = wallet.isTransferIn(entry) ? 'transfer_in' : (KIND_BY_TYPE[entry.type] ?? 'adjustment');
  const direction = entry.amountKobo > 0 ? ('credit' as const) : ('debit' as const);
  const linked = ['purchase', 'refund', 'card_refund'].includes(entry.type)
    ? await purchaseOf(db, entry.reference)
    : null;
  const purchase = linked ? await purchaseReceipt(db, userId, linked) : null;
  const own: Receipt = {
    reference: entry.txId,
    kind,
    title: TITLES[kind],
    created_at: entry.createdAt.toISOString(),
    date_time: formatDateTime(entry.createdAt),
    status: entry.status,
    status_label: MOVEMENT_STATUS_TEXT[entry.status] ?? entry.status,
    amount: koboToNaira(Math.abs(entry.amountKobo)),
    fee: 0,
    payment_method: null,
    direction,
    lines: [
      { label: LABELS.direction, value: DIRECTION_TEXT[direction] },
      ...(entry.description ? [{ label: LABELS.description, value: entry.description }] : []),
      ...(await detailsOf(db, entry)),
    ],
    purchase_reference: purchase?.reference ?? null,
  };
  if (entry.type !== 'purchase' || !purchase) {
    return purchase
      ? { ...own, lines: [...own.lines, { label: LABELS.purchase, value: `${purchase.title}, ${purchase.reference}` }] }
      : own;
  }
  // A wallet payment's receipt is the purchase's: what it bought and how that turned out.
  return {
    ...purchase,
    reference: entry.txId,
    created_at: own.created_at,
    date_time: own.date_time,
    amount: own.amount,
    payment_method: 'wallet',
    direction,
    lines: [...purchase.lines, { label: LABELS.purchase, value: purchase.reference }],
    purchase_reference: purchase.reference,
  };
}

async function detailsOf(db: DbOrTx, entry: Movement): Promise<ReceiptLine[]> {
  if (entry.type === 'withdrawal') {
    const withdrawal = await wallet.getWithdrawal(db, entry.reference);
    if (!withdrawal) return [];
    return [
      { label: LABELS.destination, value: withdrawal.destination },
      { label: LABELS.paymentReference, value: withdrawal.reference },
      ...(withdrawal.failureReason ? [{ label: LABELS.reason, value: withdrawal.failureReason }] : []),
    ];
  }
  if (entry.type === 'deposit') return [{ label: LABELS.paymentReference, value: entry.reference }];
  return [];
}
