import { CARD_REFUND_WINDOW_DAYS, formatNaira, koboToNaira, purchaseReference, toLocalPhone } from '@ruwa/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { fieldError, notFound } from '../../lib/http/errors';
import {
  cardRefundsOfPurchases,
  requestCardRefund,
  startCardRefund,
  type CardRefundDescriber,
} from '../payments/service';
import { mailReceipt, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { lockWallet } from '../wallet/service';
import { mayRefundToCard, withCardRefunds } from './presenters';
import { isBillRow, vtuPurchases, type VtuPurchaseRow } from './schema';

/** A purchase in the words of its refund's texts. */
const whatWasBought = (purchase: VtuPurchaseRow) =>
  isBillRow(purchase)
    ? `electricity for meter ${purchase.billersCode}`
    : `${purchase.kind} for ${toLocalPhone(purchase.phone)}`;

/** Why a purchase's refund cannot go back to the card (422 on `id`). */
const CARD_REFUND_REFUSALS = {
  wallet: 'This purchase was paid from your wallet, so its refund stays in your wallet.',
  notRefunded: 'Only a purchase the network refused, and refunded to your wallet, can go back to the card.',
  failed: 'Your card could not take this refund, so it is back in your wallet for good.',
  tooOld: `A refund can go back to the card only within ${CARD_REFUND_WINDOW_DAYS} days of the purchase. It stays in your wallet.`,
  spent: 'You have spent part of this refund; it can no longer go back to the card.',
};

/**
 * Moves a refused purchase's wallet refund to the card, in the caller's transaction (which holds the
 * purchase's lock): the payments module writes the refund row (one per purchase) and debits the
 * wallet to Card refunds in transit under the purchase's `vtu:ID` reference. The sale was already
 * given back when the wallet was refunded, so this only changes where the money is owed. A wallet
 * holding less than the amount (the customer spent some of it) is refused, checked under the
 * wallet's lock so a payment at the same moment cannot slip between the check and the debit.
 */
export async function startWalletRefundToCard(tx: Tx, purchase: VtuPurchaseRow) {
  const wallet = await lockWallet(tx, purchase.userId);
  if (wallet.balanceKobo < purchase.amountKobo) throw fieldError('id', CARD_REFUND_REFUSALS.spent);
  const refund = await startCardRefund(tx, {
    vtuPurchaseId: purchase.id,
    userId: purchase.userId,
    transactionReference: purchase.paymentReference,
    amountKobo: purchase.amountKobo,
    from: {
      wallet: {
        description: `Refund sent back to your card: ${whatWasBought(purchase)}`,
        field: 'id',
      },
    },
  });
  return refund!;
}

/**
 * What a purchase's card refund is, for the payments module that carries it: the texts the customer
 * sees, and, if the card refuses it, the `reversal` of the wallet refund's move to the card (the
 * refund and the move already exist under `vtu:ID`), so the money comes back once.
 */
const describeVtuCardRefund: CardRefundDescriber = async (db, refund) => {
  const [purchase] = await db.select().from(vtuPurchases).where(eq(vtuPurchases.id, refund.vtuPurchaseId!));
  const amount = formatNaira(koboToNaira(refund.amountKobo));
  const what = purchase ? whatWasBought(purchase) : `purchase #${refund.vtuPurchaseId}`;
  return {
    kind: 'vtu',
    customerNote: `Ruwa purchase #${refund.vtuPurchaseId} not delivered`,
    onCard: {
      title: 'Refund on your card',
      description: `${amount} for the ${what} that was not delivered is back on your card.`,
    },
    inWallet: {
      title: 'Refund back in your wallet',
      description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet again.`,
    },
    walletCredit: { type: 'reversal', description: `Card refund failed: ${what} back in your wallet` },
  };
};

export { describeVtuCardRefund };

/**
 * Sends a refused card-paid purchase's refund, already in the customer's wallet, back to the card
 * instead: in one transaction under the purchase's lock, the wallet is debited to Card refunds in
 * transit and the refund row written; Paystack is asked after the commit, its webhook settling it.
 * Asking again answers the refund already on its way (never a second debit).
 */
export async function refundToCard(ctx: AppContext, userId: number, id: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vtuPurchases)
      .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId)))
      .for('update');
    if (!row) throw notFound('Purchase');
    if (row.paymentMethod !== 'card') throw fieldError('id', CARD_REFUND_REFUSALS.wallet);
    if (row.status !== 'refunded') throw fieldError('id', CARD_REFUND_REFUSALS.notRefunded);
    const earlier = (await cardRefundsOfPurchases(tx, [row.id])).get(row.id);
    if (earlier?.status === 'failed') throw fieldError('id', CARD_REFUND_REFUSALS.failed);
    if (earlier) return { row, refund: earlier, replayed: true };
    if (!mayRefundToCard(row)) throw fieldError('id', CARD_REFUND_REFUSALS.tooOld);
    const refund = await startWalletRefundToCard(tx, row);
    return { row, refund, replayed: false };
  });
  if (!result.replayed) {
    await mailReceipt(ctx, {
      userId: result.row.userId,
      kind: 'refund',
      reference: purchaseReference('vtu', result.row.id),
      at: result.refund.createdAt,
      what: RECEIPT_WHAT.refund(`${result.row.kind} for ${toLocalPhone(result.row.phone)}`),
      amountKobo: result.refund.amountKobo,
      feeKobo: 0,
      paidWith: RECEIPT_PAID_WITH.toCard,
      status: RECEIPT_STATUSES.refundToCard,
    });
    await requestCardRefund(ctx, result.refund.id);
  }
  const [purchase] = await withCardRefunds(ctx.db, [result.row]);
  return { purchase: purchase!, replayed: result.replayed };
}
