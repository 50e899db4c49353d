import { ORDER_TRANSITIONS, type OrderStatus } from '@ruwa/contract';

/**
 * The moves an admin is offered from a status: the lifecycle's legal ones (DESIGN 'Orders lifecycle').
 * An order awaiting payment can only be cancelled here: a payment is confirmed by the provider
 * (webhook or reconcile job), never by hand.
 */
export function adminMoves(status: OrderStatus): OrderStatus[] {
  if (status === 'pending_payment') return ['cancelled'];
  // A paid order is given to a named agent with the dispatch picker, never to nobody; one out for
  // delivery may still go back to the agent holding it.
  return (ORDER_TRANSITIONS[status] ?? []).filter((to) => to !== 'assigned' || status === 'out_for_delivery');
}

/** The button for each move, in words an admin acts on. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Mark as awaiting payment',
  paid: 'Back to paid (unassign)',
  assigned: 'Mark as assigned',
  out_for_delivery: 'Mark out for delivery',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
  refunded: 'Refund to wallet',
};

/** Moves that give money back or end the order: asked about first. */
export const CONFIRMED_MOVES: readonly OrderStatus[] = ['refunded', 'cancelled'];

/** Moves the server takes only with the admin's written reason (audited). */
export const REASONED_MOVES: readonly OrderStatus[] = ['cancelled', 'delivered'];
