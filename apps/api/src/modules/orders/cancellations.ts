import { formatNaira, koboToNaira, ORDER_STATUS_LABELS, purchaseReference, type OrderStatus } from '@ruwa/contract';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { audit, recordStatusChange, SYSTEM, type Actor } from '../audit/service';
import { publishOrderChange } from '../events/service';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { cardRefundOf, requestCardRefund, startCardRefund, type CardRefundDescriber } from '../payments/service';
import { credit, type LedgerEntryRow } from '../wallet/service';
import { saleOf } from './pricing';
import * as q from './queries';
import type { OrderRow } from './schema';

// Cancelling a paid order gives the money back: to the wallet at once, or to the card it was paid with.

/** Statuses a customer may still cancel from: nobody has set off with the order yet. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['paid', 'assigned'];
/** An admin may cancel anything not yet delivered. */
const ADMIN_CANCELLABLE: readonly OrderStatus[] = ['paid', 'assigned', 'out_for_delivery'];

/**
 * The one place an order's refund is paid, so the money path can change in one spot: the order's
 * full amount back to the customer's wallet, once per order (the reference is the idempotency key),
 * its delivery fee taken back from delivery fee revenue and the rest recorded as a refund of sales.
 */
function refundOrderToWallet(tx: Tx, order: OrderRow) {
  return credit(tx, order.userId, {
    amountKobo: order.amountKobo,
    type: 'refund',
    reference: `order:${order.id}`,
    description: `Refund: ${order.productName}`,
    sale: saleOf(order.categoryKind, order.deliveryFeeKobo),
  });
}

/**
 * What an order's card refund is, for the payments module that carries it: the texts the customer
 * sees, and, if the card refuses it, the order's own refund credited to the wallet (so an order is
 * refunded to a wallet at most once, by either path).
 */
const describeOrderCardRefund: CardRefundDescriber = async (db, refund) => {
  const orderId = refund.orderId!;
  const order = await q.findOrder(db, orderId);
  const amount = formatNaira(koboToNaira(refund.amountKobo));
  return {
    kind: 'order',
    customerNote: `Ruwa order #${orderId} cancelled`,
    onCard: {
      title: `Order #${orderId}: refund on your card`,
      description: `${amount} for ${order?.productName ?? 'your order'} is back on your card.`,
    },
    inWallet: {
      title: `Order #${orderId}: refund in your wallet`,
      description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet instead.`,
    },
    walletCredit: {
      type: 'refund',
      description: `Refund: ${order?.productName ?? `order #${orderId}`} (your card could not take it)`,
    },
  };
};

/** Why a refund to a card is refused for an order not paid by card. */
const NOT_CARD_PAID: Record<string, string> = {
  wallet: 'Paid from the wallet: the refund goes back to the wallet.',
  subscription: 'Part of a subscription: the refund goes back to the wallet.',
};

/**
 * Cancels a paid order and gives the money back, in one transaction: the order is recorded as
 * cancelled (who, why) and then refunded, its customer and admins are told, and so is the agent
 * holding it. To the wallet, the money is there at once; to the card (card-paid orders only), the
 * refund is recorded here and Paystack is asked after the commit, its webhook settling it days later.
 * Asking again for an order already cancelled and refunded answers it unchanged (nothing is
 * refunded twice).
 */
export async function cancelOrder(
  ctx: AppContext,
  orderId: number,
  actor: Actor,
  input: { reason: string | null; refundTo: 'wallet' | 'card' },
): Promise<{ order: OrderRow; replayed: boolean; refundTo: 'wallet' | 'card' }> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await q.findOrder(tx, orderId, { forUpdate: true });
    if (!order || (actor.role === 'customer' && order.userId !== actor.id)) throw notFound('Order');
    const toCard = input.refundTo === 'card';
    if (toCard && (order.paymentMethod !== 'card' || !order.paymentReference))
      throw fieldError('refund_to', NOT_CARD_PAID[order.paymentMethod] ?? NOT_CARD_PAID.wallet!);
    if (order.status === 'refunded') {
      const earlier = await cardRefundOf(tx, order.id);
      return {
        order,
        replayed: true,
        refundTo: earlier ? ('card' as const) : ('wallet' as const),
        refundId: null,
        walletEntry: null,
      };
    }
    const allowed = actor.role === 'admin' ? ADMIN_CANCELLABLE : CUSTOMER_CANCELLABLE;
    if (!allowed.includes(order.status)) {
      throw new AppError(
        'conflict',
        order.status === 'out_for_delivery'
          ? 'This order is already out for delivery, so it can no longer be cancelled here. Please contact support.'
          : `An order that is ${order.status.replaceAll('_', ' ')} cannot be cancelled.`,
      );
    }
    let cardRefundId: number | null = null;
    let walletEntry: LedgerEntryRow | null = null;
    if (toCard) {
      const refund = await startCardRefund(tx, {
        orderId: order.id,
        userId: order.userId,
        transactionReference: order.paymentReference!,
        amountKobo: order.amountKobo,
        from: { sale: saleOf(order.categoryKind, order.deliveryFeeKobo) },
      });
      cardRefundId = refund?.id ?? null;
    } else walletEntry = await refundOrderToWallet(tx, order);
    await q.updateOrderStatus(tx, order.id, 'refunded');
    const amount = formatNaira(koboToNaira(order.amountKobo));
    await recordStatusChange(
      tx,
      {
        entity: 'order',
        entityId: order.id,
        from: order.status,
        to: 'cancelled',
        actor,
        note: input.reason ?? 'Cancelled by the customer',
      },
      {
        entity: 'order',
        entityId: order.id,
        from: 'cancelled',
        to: 'refunded',
        actor: SYSTEM,
        note: toCard ? `${amount} back to the card (3–5 working days)` : `${amount} back to the wallet`,
      },
    );
    const refunded = { ...order, status: 'refunded' as const };
    await publishOrderChange(tx, refunded, order.status);
    if (actor.role === 'admin') {
      await audit(tx, {
        actorId: actor.id,
        action: 'order.cancel',
        entity: 'orders',
        entityId: order.id,
        before: { status: order.status },
        after: { status: 'refunded', reason: input.reason, refund_to: input.refundTo },
      });
    }
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS.cancelled}`,
      description: toCard
        ? `${amount} for ${order.quantity} x ${order.productName} goes back to your card in 3–5 working days.`
        : `${amount} for ${order.quantity} x ${order.productName} is back in your wallet.`,
    });
    return { order: refunded, replayed: false, refundTo: input.refundTo, refundId: cardRefundId, walletEntry };
  });
  if (!result.replayed) await mailOrderRefund(ctx, result.order, result.walletEntry);
  if (result.refundId !== null) await requestCardRefund(ctx, result.refundId);
  return { order: result.order, replayed: result.replayed, refundTo: result.refundTo };
}

/**
 * The receipt e-mail of a cancelled order's refund, after its commit: the wallet movement's TX_ id
 * when it went to the wallet, the order's own reference when it is on its way to the card.
 */
function mailOrderRefund(ctx: AppContext, order: OrderRow, walletEntry: LedgerEntryRow | null) {
  const orderReference = purchaseReference('order', order.id);
  return mailReceipt(ctx, {
    userId: order.userId,
    kind: 'refund',
    reference: walletEntry?.txId ?? orderReference,
    at: walletEntry?.createdAt ?? new Date(),
    what: RECEIPT_WHAT.refund(`${RECEIPT_WHAT.order(order.quantity, order.productName)} (${orderReference})`),
    amountKobo: order.amountKobo,
    feeKobo: order.deliveryFeeKobo,
    paidWith: walletEntry ? RECEIPT_PAID_WITH.toWallet : RECEIPT_PAID_WITH.toCard,
    status: walletEntry ? RECEIPT_STATUSES.refunded : RECEIPT_STATUSES.refundToCard,
  });
}

export { describeOrderCardRefund, refundOrderToWallet };
