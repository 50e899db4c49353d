import { canTransition, formatNaira, koboToNaira, ORDER_STATUS_LABELS, type OrderStatus } from '@ruwa/contract';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { audit, type Actor } from '../audit/service';
import { publishOrderChange } from '../events/service';
import { notify } from '../notifications/service';
import * as orders from '../orders/service';
import type { OrderRow } from '../orders/service';

// An order's moves between statuses: each one checked, recorded with its actor, published, audited
// when an admin makes it, and told to the customer.

/**
 * Moves an order along its lifecycle. Illegal moves are 409; a refund credits the wallet once.
 * Every move is recorded with its time and actor.
 */
export async function changeOrderStatus(
  ctx: AppContext,
  orderId: number,
  to: OrderStatus,
  actor: Actor,
  note: string | null = null,
  options: {
    /** Refuses the move unless the order is assigned to this agent (404, so others learn nothing). */
    assignedAgentId?: number;
    /** More work in the same transaction once the move is made (e.g. an agent's commission). */
    within?: (tx: Tx, order: OrderRow) => Promise<void>;
    /** Set only by confirmDelivery(): nothing else may mark an order delivered. */
    deliveryProven?: boolean;
  } = {},
) {
  if (to === 'delivered' && !options.deliveryProven)
    throw new AppError('conflict', 'A delivery is confirmed with its delivery code.');
  return ctx.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw notFound('Order');
    if (options.assignedAgentId !== undefined && order.assignedAgentId !== options.assignedAgentId)
      throw notFound('Order');
    assertCanMove(order, to);
    // A paid order is cancelled only by cancelOrder(), which gives the money back with it.
    if (to === 'cancelled' && order.status !== 'pending_payment')
      throw new AppError('conflict', 'Cancel a paid order with its reason, so the money goes back.');
    if (to === 'refunded') await orders.refundOrderToWallet(tx, order);
    await orders.updateOrderStatus(tx, order.id, to, to === 'paid' ? { assignedAgentId: null } : {});
    await orders.recordTransition(tx, order.id, order.status, to, actor, note);
    await publishOrderChange(tx, { ...order, status: to }, order.status);
    await options.within?.(tx, { ...order, status: to });
    if (actor.role === 'admin') {
      await audit(tx, {
        actorId: actor.id,
        action: 'order.update_status',
        entity: 'orders',
        entityId: order.id,
        before: { status: order.status },
        after: { status: to, note },
      });
    }
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS[to]}`,
      description:
        to === 'refunded'
          ? `${formatNaira(koboToNaira(order.amountKobo))} for ${order.productName} is back in your wallet.`
          : `${order.quantity} x ${order.productName} is now ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    });
    return { ...order, status: to };
  });
}

export function assertCanMove(order: OrderRow, to: OrderStatus) {
  if (!canTransition(order.status, to)) {
    throw new AppError(
      'conflict',
      `An order that is ${order.status.replaceAll('_', ' ')} cannot become ${to.replaceAll('_', ' ')}.`,
    );
  }
}
