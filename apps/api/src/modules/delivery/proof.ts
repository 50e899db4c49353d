import { DELIVERY_CODE_TRIES } from '@ruwa/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { fieldError, notFound } from '../../lib/http/errors';
import * as agents from '../agents/service';
import type { AgentRow } from '../agents/service';
import { audit, type Actor } from '../audit/service';
import * as orders from '../orders/service';
import type { OrderRow } from '../orders/service';
import { payCommission } from './commission';
import { asHeldBy } from './contacts';
import { assertCanMove, changeOrderStatus } from './moves';

// Proof of delivery: the customer's code typed by the agent at the door (a few wrong tries lock it),
// or an admin's written reason; the agent's commission is paid in the same transaction.

export type DeliveryProof = { code: string | undefined } | { adminReason: string };

/**
 * Marks an order delivered once it is proven: by the customer's code (typed by the agent holding
 * it), or by an admin's written reason. Wrong codes are counted in their own transaction, so the
 * count survives the refusal; after DELIVERY_CODE_TRIES only an admin can confirm. `within` runs in
 * the delivery's transaction (the agent's commission), so it is paid exactly when delivery is.
 */
export async function confirmDelivery(
  ctx: AppContext,
  orderId: number,
  actor: Actor,
  proof: DeliveryProof,
  options: { assignedAgentId?: number; within?: (tx: Tx, order: OrderRow) => Promise<void> } = {},
) {
  if ('code' in proof) {
    const refusal = await ctx.db.transaction(async (tx) => {
      const order = await orders.findOrder(tx, orderId, { forUpdate: true });
      if (!order || (options.assignedAgentId !== undefined && order.assignedAgentId !== options.assignedAgentId))
        throw notFound('Order');
      assertCanMove(order, 'delivered');
      if (order.deliveryCodeAttempts >= DELIVERY_CODE_TRIES)
        return 'Too many wrong codes: this delivery is locked. An admin must confirm it.';
      if (!proof.code) return 'The delivery code field is required. Ask the customer for it.';
      if (!codesMatch(proof.code, order.deliveryCode)) {
        const tries = order.deliveryCodeAttempts + 1;
        await orders.updateOrder(tx, order.id, { deliveryCodeAttempts: tries });
        // In the order's history, with who typed it: the admin who unlocks it sees what happened.
        await orders.recordTransition(
          tx,
          order.id,
          order.status,
          order.status,
          actor,
          `Wrong delivery code (${tries} of ${DELIVERY_CODE_TRIES})${tries >= DELIVERY_CODE_TRIES ? ': delivery locked' : ''}`,
        );
        return tries >= DELIVERY_CODE_TRIES
          ? 'That delivery code is wrong. This delivery is now locked: an admin must confirm it.'
          : `That delivery code is wrong. ${DELIVERY_CODE_TRIES - tries} ${DELIVERY_CODE_TRIES - tries === 1 ? 'try' : 'tries'} left.`;
      }
      return null;
    });
    if (refusal) throw fieldError('delivery_code', refusal);
  }
  const note = 'adminReason' in proof ? `Confirmed without the code: ${proof.adminReason}` : 'Delivery code confirmed';
  return changeOrderStatus(ctx, orderId, 'delivered', actor, note, {
    ...options,
    deliveryProven: true,
    within: async (tx, order) => {
      if ('adminReason' in proof) {
        await audit(tx, {
          actorId: actor.id,
          action: 'order.delivery_confirmed_without_code',
          entity: 'orders',
          entityId: order.id,
          before: { status: 'out_for_delivery', delivery_code_attempts: order.deliveryCodeAttempts },
          after: { status: 'delivered', reason: proof.adminReason },
        });
      }
      await options.within?.(tx, order);
    },
  });
}

/** Compares in constant time, so response timing says nothing about how close a guess was. */
function codesMatch(given: string, expected: string) {
  const a = Buffer.from(given.padEnd(expected.length, ' '));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Out for delivery, then delivered. Delivering needs the customer's code; the agent's commission is
 * paid once, in the same transaction as the confirmed delivery.
 */
export async function moveOrder(
  ctx: AppContext,
  agent: AgentRow,
  orderId: number,
  status: 'out_for_delivery' | 'delivered',
  deliveryCode?: string,
) {
  const actor = { id: agent.userId, role: 'agent' } as const;
  if (status === 'delivered') {
    await confirmDelivery(
      ctx,
      orderId,
      actor,
      { code: deliveryCode },
      {
        assignedAgentId: agent.id,
        within: (tx, order) => payCommission(tx, agent, order),
      },
    );
  } else {
    await changeOrderStatus(ctx, orderId, status, actor, null, { assignedAgentId: agent.id });
  }
  return asHeldBy(ctx.db, agent, orderId);
}

/**
 * An admin confirms a delivery without its code (the customer lost it, or the code is locked after
 * wrong tries), writing why; audited. The agent holding the order is paid as for a coded delivery.
 */
export async function confirmDeliveryAsAdmin(ctx: AppContext, adminId: number, orderId: number, reason: string) {
  await confirmDelivery(
    ctx,
    orderId,
    { id: adminId, role: 'admin' },
    { adminReason: reason },
    {
      within: async (tx, order) => {
        if (order.assignedAgentId === null) return;
        const agent = await agents.findAgent(tx, order.assignedAgentId);
        if (agent) await payCommission(tx, agent, order);
      },
    },
  );
}
