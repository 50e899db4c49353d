import { ORDER_STATUS_LABELS } from '@ruwa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import * as agents from '../agents/service';
import type { AgentRow } from '../agents/service';
import { audit, type Actor } from '../audit/service';
import * as catalog from '../catalog/service';
import { publish, publishOrderChange } from '../events/service';
import { notify } from '../notifications/service';
import * as orders from '../orders/service';
import { asHeldBy, withContacts } from './contacts';
import { changeOrderStatus } from './moves';

// Who holds an order: an agent accepts it or an admin assigns it, and it goes back to open when the
// agent releases it or is suspended.

/**
 * Gives a paid order to an agent: the conditional update means the first agent wins and a second
 * gets 409, however close together they press Accept.
 */
export async function assignToAgent(
  ctx: AppContext,
  orderId: number,
  agent: { id: number; userId: number; locationIds: number[]; kinds: string[] },
) {
  return ctx.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId);
    if (!order || !agent.locationIds.includes(order.locationId) || !agent.kinds.includes(order.categoryKind))
      throw notFound('Order');
    // An agent delivering their own order would earn commission on a delivery nobody can vouch for.
    if (order.userId === agent.userId) throw fieldError('id', 'You cannot accept your own order.');
    const taken = await orders.claimForAgent(tx, orderId, agent.id);
    if (!taken) throw new AppError('conflict', 'Another agent has already accepted this order.');
    await orders.recordTransition(tx, order.id, 'paid', 'assigned', { id: agent.userId, role: 'agent' }, null);
    await publishOrderChange(tx, taken, 'paid');
    await notify(tx, order.userId, {
      kind: 'order',
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS.assigned}`,
      description: `An agent has accepted your ${order.productName} order.`,
    });
    return taken;
  });
}

export async function accept(ctx: AppContext, agent: AgentRow, orderId: number) {
  await assignToAgent(ctx, orderId, {
    id: agent.id,
    userId: agent.userId,
    locationIds: (await agents.locationIdsOf(ctx.db, [agent.id])).get(agent.id) ?? [],
    kinds: agents.kindsSoldBy(agent),
  });
  return asHeldBy(ctx.db, agent, orderId);
}

/**
 * An admin gives a paid order to a named agent, or moves it from one agent to another, before it
 * is out for delivery. The agent was checked by assignAsAdmin (approved, serves this order's
 * location and kind) and is told it is theirs (`order.dispatched`: in the app, by push and SMS);
 * the previous agent is told it left them.
 */
export async function assignByAdmin(
  ctx: AppContext,
  orderId: number,
  agent: { id: number; userId: number; name: string; locationIds: number[]; kinds: string[] },
  admin: Actor,
) {
  return ctx.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw notFound('Order');
    if (order.status !== 'paid' && order.status !== 'assigned')
      throw new AppError(
        'conflict',
        `Only a paid or assigned order can be assigned; this one is ${order.status.replaceAll('_', ' ')}.`,
      );
    if (!agent.locationIds.includes(order.locationId) || !agent.kinds.includes(order.categoryKind))
      throw fieldError(
        'agent_id',
        `${agent.name} does not deliver ${order.categoryKind.replace('_', ' ')} in this order's location.`,
      );
    if (order.userId === agent.userId)
      throw fieldError('agent_id', `${agent.name} placed this order and cannot deliver it.`);
    if (order.assignedAgentId === agent.id) return order;
    const previous = order.assignedAgentId;
    await orders.updateOrderStatus(tx, order.id, 'assigned', { assignedAgentId: agent.id });
    await orders.recordTransition(
      tx,
      order.id,
      order.status,
      'assigned',
      admin,
      previous === null ? `Assigned by an admin to ${agent.name}` : `Reassigned by an admin to ${agent.name}`,
    );
    const assigned = { ...order, status: 'assigned' as const, assignedAgentId: agent.id };
    await publishOrderChange(tx, assigned, order.status);
    await publish(tx, {
      type: 'order.dispatched',
      payload: {
        id: order.id,
        location_name: (await catalog.locationNames(tx, [order.locationId])).get(order.locationId) ?? '',
        product_name: order.productName,
        quantity: order.quantity,
      },
      to: { agents: [agent.id] },
    });
    if (previous !== null)
      await publish(tx, {
        type: 'order.updated',
        payload: { id: order.id, status: 'assigned' },
        to: { agents: [previous] },
      });
    await audit(tx, {
      actorId: admin.id,
      action: 'order.assign',
      entity: 'orders',
      entityId: order.id,
      before: { status: order.status, agent_id: previous },
      after: { status: 'assigned', agent_id: agent.id },
    });
    if (previous === null) {
      await notify(tx, order.userId, {
        kind: 'order',
        title: `Order #${order.id}: ${ORDER_STATUS_LABELS.assigned}`,
        description: `${agent.name} will deliver your ${order.productName} order.`,
      });
    }
    return assigned;
  });
}

/**
 * The agent holding an accepted order gives it back before setting off, saying why: it is open
 * again and the area's agents are offered it (order.available).
 */
export function releaseByAgent(
  ctx: AppContext,
  orderId: number,
  agent: { id: number; userId: number },
  reason: string,
) {
  return changeOrderStatus(
    ctx,
    orderId,
    'paid',
    { id: agent.userId, role: 'agent' },
    `Released by the agent: ${reason}`,
    {
      assignedAgentId: agent.id,
    },
  );
}

/**
 * Puts every undelivered order an agent holds back to open (an agent was suspended), in the
 * caller's transaction: each is recorded, offered to its area's agents, and admins are told once.
 * Answers the orders' ids.
 */
export async function returnOrdersOf(tx: Tx, agent: { id: number; name: string }, actor: Actor, why: string) {
  const held = await orders.listHeldOrders(tx, agent.id);
  for (const order of held) {
    await orders.updateOrderStatus(tx, order.id, 'paid', { assignedAgentId: null });
    await orders.recordTransition(tx, order.id, order.status, 'paid', actor, why);
    // To the agent who held it too, and offered to the area's agents as a paid order again.
    await publishOrderChange(tx, { ...order, status: 'paid' }, order.status);
  }
  if (held.length) {
    await publish(tx, {
      type: 'orders.returned',
      payload: { agent_id: agent.id, business_name: agent.name, order_ids: held.map((o) => o.id) },
      to: { admins: true },
    });
  }
  return held.map((o) => o.id);
}

/** The approved agents who deliver an order's kind in its location (not its own customer), each with their open load. */
export async function agentsForOrder(db: DbOrTx, orderId: number) {
  const { order, userId } = await orders.getOrder(db, orderId, { id: 0, role: 'admin' });
  const serving = (await agents.approvedAgentsIn(db, order.location_id))
    .map(({ row }) => row)
    .filter((row) => agents.kindsSoldBy(row).includes(order.kind) && row.userId !== userId);
  const load = await orders.openLoadOf(
    db,
    serving.map((row) => row.id),
  );
  return serving.map((row) => ({
    id: row.id,
    business_name: row.businessName,
    location_name: order.location_name,
    open_orders: load.get(row.id) ?? 0,
  }));
}

/** An admin gives an order to a named agent (or moves it to another): approved and serving its area. */
export async function assignAsAdmin(ctx: AppContext, adminId: number, orderId: number, agentId: number) {
  const agent = await agents.findAgent(ctx.db, agentId);
  if (!agent) throw fieldError('agent_id', 'The selected agent is invalid.');
  if (agent.status !== 'approved')
    throw fieldError('agent_id', `${agent.businessName} is ${agent.status}, not an approved agent.`);
  await assignByAdmin(
    ctx,
    orderId,
    {
      id: agent.id,
      userId: agent.userId,
      name: agent.businessName,
      locationIds: (await agents.locationIdsOf(ctx.db, [agent.id])).get(agent.id) ?? [],
      kinds: agents.kindsSoldBy(agent),
    },
    { id: adminId, role: 'admin' },
  );
  return (
    await withContacts(ctx.db, [(await orders.getOrder(ctx.db, orderId, { id: 0, role: 'admin' })).order], 'admin')
  )[0]!;
}

export async function release(ctx: AppContext, agent: AgentRow, orderId: number, reason: string) {
  await releaseByAgent(ctx, orderId, { id: agent.id, userId: agent.userId }, reason);
  return asHeldBy(ctx.db, agent, orderId);
}
