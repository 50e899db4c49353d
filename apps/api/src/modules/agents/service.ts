import {
  formatNaira,
  koboToNaira,
  toLocalPhone,
  type AdminAgentDetail,
  type Agent,
  type AgentOrder,
  type CategoryKind,
  type Order,
  type OrderStatus,
  type agentApplyBody,
  type agentUpdateBody,
} from '@ruwa/contract';
import { and, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import { lagosDay } from '@ruwa/contract/dates';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { decodeImage } from '../../platform/storage/images';
import { audit } from '../audit/service';
import { publish } from '../events/service';
import * as catalog from '../catalog/service';
import { notify } from '../notifications/service';
import * as orders from '../orders/service';
import { getSettings } from '../settings/service';
import { usersByIds } from '../users/service';
import { credit, creditedKobo } from '../wallet/service';
import { agentCommissions, agents, type AgentRow } from './schema';
import { approvedAgentsIn, chosenLocations, kindsSoldBy, locationIdsOf, setLocations } from './areas';

export { agentAreasOf, agentsServing, kindsSoldBy, servesArea, type AgentArea, type AlertedAgent } from './areas';
import { lagosDayStart, lagosMidnight } from '../../lib/lagos-time';

type Paging = { limit: number; offset: number };

type Area = { id: number; name: string };

function toAgent(row: AgentRow, areas: Area[]): Agent {
  return {
    id: row.id,
    user_id: row.userId,
    business_name: row.businessName,
    business_email: row.businessEmail,
    business_phone: row.businessPhone ? toLocalPhone(row.businessPhone) : null,
    // The first area stands for all of them where a screen shows one.
    location_id: areas[0]?.id ?? null,
    location_name: areas[0]?.name ?? null,
    locations: areas,
    image: row.image,
    cac_number: row.cacNumber,
    sells_sachet_water: row.sellsSachetWater,
    sells_bottle_water: row.sellsBottleWater,
    sells_gas: row.sellsGas,
    sms_alerts: row.smsAlerts,
    status: row.status,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
  };
}

async function present(db: DbOrTx, rows: AgentRow[]) {
  const served = await locationIdsOf(
    db,
    rows.map((r) => r.id),
  );
  const names = await catalog.locationNames(db, [...new Set([...served.values()].flat())]);
  return rows.map((row) => {
    const areas = (served.get(row.id) ?? [])
      .map((id) => ({ id, name: names.get(id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return toAgent(row, areas);
  });
}

export async function findAgentByUser(db: DbOrTx, userId: number): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

/** The `agent` part of a user as login and users/me show it. */
export async function agentSummary(db: DbOrTx, userId: number) {
  const row = await findAgentByUser(db, userId);
  return row ? { id: row.id, status: row.status } : null;
}

export async function apply(ctx: AppContext, userId: number, body: z.output<typeof agentApplyBody>) {
  if (await findAgentByUser(ctx.db, userId))
    throw new AppError('conflict', 'You have already applied to become an agent.');
  const locationIds = await chosenLocations(ctx.db, body);
  const row = await ctx.db.transaction(async (tx) => {
    const [applied] = await tx
      .insert(agents)
      .values({
        userId,
        businessName: body.agent_name,
        businessEmail: body.agent_email,
        businessPhone: body.agent_phone ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!applied) throw new AppError('conflict', 'You have already applied to become an agent.');
    if (locationIds) await setLocations(tx, applied.id, locationIds);
    await publish(tx, {
      type: 'agent.applied',
      payload: { id: applied.id, business_name: applied.businessName },
      to: { admins: true },
    });
    return applied;
  });
  return (await present(ctx.db, [row]))[0]!;
}

export async function listAgents(db: DbOrTx, options: Paging & { status?: AgentRow['status'] }) {
  const where = options.status ? eq(agents.status, options.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(agents).where(where).orderBy(desc(agents.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(agents).where(where),
  ]);
  return { rows: await present(db, rows), total: totals?.total ?? 0 };
}

export async function decide(
  ctx: AppContext,
  adminId: number,
  input: { id: number; status: 'approved' | 'rejected' | 'suspended'; note?: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(eq(agents.id, input.id)).for('update');
    if (!before) throw notFound('Agent');
    const [after] = await tx
      .update(agents)
      .set({
        status: input.status,
        decisionNote: input.note ?? null,
        decidedBy: adminId,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(agents.id, input.id))
      .returning();
    await audit(tx, {
      actorId: adminId,
      action: `agent.${input.status}`,
      entity: 'agents',
      entityId: input.id,
      before,
      after,
    });
    if (input.status === 'suspended' && before.status !== 'suspended') {
      // A suspended agent cannot deliver what they hold: it goes back to open, and admins hear.
      await orders.returnOrdersOf(
        tx,
        { id: before.id, name: before.businessName },
        { id: adminId, role: 'admin' },
        `Returned to open: ${before.businessName} was suspended`,
      );
    }
    const words = {
      approved: 'approved. Welcome aboard!',
      rejected: 'not approved this time.',
      suspended: 'suspended.',
    }[input.status];
    await notify(tx, before.userId, {
      kind: 'agent',
      title: `Agent application ${input.status}`,
      description: `Your agent account for ${before.businessName} was ${words}${input.note ? ` ${input.note}` : ''}`,
    });
    return (await present(tx, [after!]))[0]!;
  });
}

export async function getMyAgent(db: DbOrTx, agent: AgentRow) {
  return (await present(db, [agent]))[0]!;
}

export async function updateMyAgent(ctx: AppContext, agent: AgentRow, body: z.output<typeof agentUpdateBody>) {
  const locationIds = await chosenLocations(ctx.db, body);
  let image: string | undefined;
  if (body.base64_photos?.[0]) {
    const decoded = await decodeImage(body.base64_photos[0], 'base64_photos');
    image = await ctx.images.save(decoded, 'agents');
  }
  const row = await ctx.db.transaction(async (tx) => {
    if (locationIds) await setLocations(tx, agent.id, locationIds);
    const [updated] = await tx
      .update(agents)
      .set({
        businessName: body.business_name,
        businessEmail: body.business_email,
        businessPhone: body.business_phone,
        cacNumber: body.cac_number === '' ? null : body.cac_number?.toUpperCase(),
        sellsSachetWater: body.sells_sachet_water,
        sellsBottleWater: body.sells_bottle_water,
        sellsGas: body.sells_gas,
        smsAlerts: body.sms_alerts,
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(agents.id, agent.id))
      .returning();
    return updated!;
  });
  return (await present(ctx.db, [row]))[0]!;
}

// Orders

export async function openOrders(db: DbOrTx, agent: AgentRow, paging: Paging) {
  const served = await locationIdsOf(db, [agent.id]);
  const { rows, total } = await orders.listOpenOrdersFor(
    db,
    { locationIds: served.get(agent.id) ?? [], kinds: kindsSoldBy(agent), agentUserId: agent.userId },
    paging,
  );
  return { rows: await asSeenByAgent(db, rows, agent.id), total };
}
export async function myOrders(db: DbOrTx, agent: AgentRow, paging: Paging) {
  const { rows, total } = await orders.listAgentOrders(db, agent.id, paging);
  return { rows: await asSeenByAgent(db, rows, agent.id), total };
}

/** One order as this agent sees it: with its customer's contact while they hold it, its area otherwise. */
async function asHeldBy(db: DbOrTx, agent: AgentRow, orderId: number) {
  const { order } = await orders.getOrder(db, orderId, { id: 0, role: 'admin' });
  return (await asSeenByAgent(db, [order], agent.id))[0]!;
}

export async function accept(ctx: AppContext, agent: AgentRow, orderId: number) {
  await orders.assignToAgent(ctx, orderId, {
    id: agent.id,
    userId: agent.userId,
    locationIds: (await locationIdsOf(ctx.db, [agent.id])).get(agent.id) ?? [],
    kinds: kindsSoldBy(agent),
  });
  return asHeldBy(ctx.db, agent, orderId);
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
    await orders.confirmDelivery(
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
    await orders.changeOrderStatus(ctx, orderId, status, actor, null, { assignedAgentId: agent.id });
  }
  return asHeldBy(ctx.db, agent, orderId);
}

/**
 * An admin confirms a delivery without its code (the customer lost it, or the code is locked after
 * wrong tries), writing why; audited. The agent holding the order is paid as for a coded delivery.
 */
export async function confirmDeliveryAsAdmin(ctx: AppContext, adminId: number, orderId: number, reason: string) {
  await orders.confirmDelivery(
    ctx,
    orderId,
    { id: adminId, role: 'admin' },
    { adminReason: reason },
    {
      within: async (tx, order) => {
        if (order.assignedAgentId === null) return;
        const [agent] = await tx.select().from(agents).where(eq(agents.id, order.assignedAgentId));
        if (agent) await payCommission(tx, agent, order);
      },
    },
  );
}

// Dispatch

/** The approved agents who deliver an order's kind in its location (not its own customer), each with their open load. */
export async function agentsForOrder(db: DbOrTx, orderId: number) {
  const { order, userId } = await orders.getOrder(db, orderId, { id: 0, role: 'admin' });
  const serving = (await approvedAgentsIn(db, order.location_id))
    .map(({ row }) => row)
    .filter((row) => kindsSoldBy(row).includes(order.kind) && row.userId !== userId);
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
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent) throw fieldError('agent_id', 'The selected agent is invalid.');
  if (agent.status !== 'approved')
    throw fieldError('agent_id', `${agent.businessName} is ${agent.status}, not an approved agent.`);
  await orders.assignByAdmin(
    ctx,
    orderId,
    {
      id: agent.id,
      userId: agent.userId,
      name: agent.businessName,
      locationIds: (await locationIdsOf(ctx.db, [agent.id])).get(agent.id) ?? [],
      kinds: kindsSoldBy(agent),
    },
    { id: adminId, role: 'admin' },
  );
  return (
    await withContacts(ctx.db, [(await orders.getOrder(ctx.db, orderId, { id: 0, role: 'admin' })).order], 'admin')
  )[0]!;
}

export async function release(ctx: AppContext, agent: AgentRow, orderId: number, reason: string) {
  await orders.releaseByAgent(ctx, orderId, { id: agent.id, userId: agent.userId }, reason);
  return asHeldBy(ctx.db, agent, orderId);
}

// Who sees whom

/**
 * Adds to each order what its reader may know of the other side, and nothing more: its customer
 * sees the agent holding it (business name, first name, phone); admins see which agent holds it.
 * Agents read orders through `asSeenByAgent`.
 */
export async function withContacts(db: DbOrTx, list: Order[], reader: 'customer' | 'admin'): Promise<Order[]> {
  const held = list.filter((order) => order.assigned_agent_id !== null);
  const agentIds = [...new Set(held.map((order) => order.assigned_agent_id!))];
  const rows = agentIds.length ? await db.select().from(agents).where(inArray(agents.id, agentIds)) : [];
  const people = await usersByIds(
    db,
    rows.map((row) => row.userId),
  );
  const byId = new Map(
    rows.map((row) => {
      const person = people.get(row.userId);
      const phone = row.businessPhone ?? person?.phoneNumber ?? null;
      return [
        row.id,
        {
          id: row.id,
          business_name: row.businessName,
          first_name: person?.firstName ?? '',
          phone_number: phone ? toLocalPhone(phone) : null,
        },
      ] as const;
    }),
  );
  return list.map((order) => {
    const agent = order.assigned_agent_id === null ? undefined : byId.get(order.assigned_agent_id);
    if (!agent) return { ...order, agent: null };
    if (reader === 'admin') return { ...order, agent };
    // The customer sees who delivers once an agent holds the order, not after it is closed.
    return HELD.includes(order.status) ? { ...order, agent } : { ...order, agent: null };
  });
}

/**
 * Orders as an agent may read them: the agent holding one sees its customer (first name, the phone
 * given for the delivery, address, landmark); on any other (open in their area, released, cancelled)
 * the address, phone and landmark are taken out, so an agent learns where a customer lives only by
 * accepting the order.
 */
export async function asSeenByAgent(db: DbOrTx, list: Order[], agentId: number): Promise<AgentOrder[]> {
  const mine = list.filter((order) => order.assigned_agent_id === agentId && HELD.includes(order.status));
  const customers = await orders.customersOf(
    db,
    mine.map((order) => order.id),
  );
  return list.map((order) => {
    const customer = mine.includes(order) ? customers.get(order.id) : undefined;
    if (customer) return { ...order, customer_contact: customer };
    return { ...order, recipient_address: null, recipient_phone: null, landmark: null };
  });
}

/** While an agent holds an order, and on its delivered record. */
const HELD: readonly OrderStatus[] = ['assigned', 'out_for_delivery', 'delivered'];

/** The commission for one delivered order, once (unique order id), credited to the agent's wallet. */
async function payCommission(tx: Tx, agent: AgentRow, order: orders.OrderRow) {
  const rules = await getSettings(tx);
  const percent = rules.commission[order.categoryKind as keyof typeof rules.commission] ?? 0;
  const amountKobo = Math.floor((order.amountKobo * percent) / 100);
  const [row] = await tx
    .insert(agentCommissions)
    .values({
      agentId: agent.id,
      orderId: order.id,
      kind: order.categoryKind,
      percent: String(percent),
      orderAmountKobo: order.amountKobo,
      amountKobo,
    })
    .onConflictDoNothing()
    .returning();
  if (row && amountKobo > 0) {
    await credit(tx, agent.userId, {
      amountKobo,
      type: 'commission',
      reference: `commission:order:${order.id}`,
      description: `Commission for order #${order.id}`,
    });
    await notify(tx, agent.userId, {
      kind: 'agent',
      title: 'Commission earned',
      description: `${formatNaira(koboToNaira(amountKobo))} for delivering order #${order.id}.`,
    });
  }
}

export async function listCommissions(db: DbOrTx, agentId: number, paging: Paging) {
  const where = eq(agentCommissions.agentId, agentId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(agentCommissions)
      .where(where)
      .orderBy(desc(agentCommissions.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(agentCommissions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      // The delivered order's kind, copied when the commission was paid.
      kind: r.kind as CategoryKind,
      percent: Number(r.percent),
      order_amount: koboToNaira(r.orderAmountKobo),
      amount: koboToNaira(r.amountKobo),
      created_at: r.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}

/** Midnight on the first of `now`'s month in Lagos. */
const lagosMonthStart = (now: Date): Date => lagosMidnight(`${lagosDay(now).slice(0, 7)}-01`);

export async function dashboard(db: DbOrTx, agent: AgentRow, now = new Date()) {
  const week = new Date(now.getTime() - 7 * 86_400_000);
  // "This month" is the business's calendar month: an order delivered at 00:30 on the 1st in Lagos
  // (23:30 UTC the day before) belongs to the new month.
  const month = lagosMonthStart(now);
  // The chart's 14 Lagos days, the oldest counted from its midnight.
  const chartFrom = lagosDayStart(now, 13);
  const [stats, open, earnedMonth, earnedAll] = await Promise.all([
    orders.agentOrderStats(db, agent.id, { week, month, chartFrom }),
    openOrders(db, agent, { limit: 1, offset: 0 }),
    db
      .select({ total: sum(agentCommissions.amountKobo) })
      .from(agentCommissions)
      .where(and(eq(agentCommissions.agentId, agent.id), gte(agentCommissions.createdAt, month))),
    db
      .select({ total: sum(agentCommissions.amountKobo) })
      .from(agentCommissions)
      .where(eq(agentCommissions.agentId, agent.id)),
  ]);
  const perDay = new Map(stats.perDay.map((d) => [d.day, d.deliveries]));
  const days = Array.from({ length: 14 }, (_, i) => {
    const day = lagosDay(new Date(chartFrom.getTime() + i * 86_400_000));
    return { day, deliveries: perDay.get(day) ?? 0 };
  });
  return {
    open_orders: open.total,
    in_progress: stats.inProgress,
    delivered_this_week: stats.deliveredWeek,
    delivered_this_month: stats.deliveredMonth,
    earnings_this_month: koboToNaira(Number(earnedMonth[0]?.total ?? 0)),
    earnings_all_time: koboToNaira(Number(earnedAll[0]?.total ?? 0)),
    deliveries_per_day: days,
  };
}

/**
 * One agent for admins: their business and the person behind it, what they hold now, what they
 * have delivered, and their commission. Earned is what was recorded at each delivery; paid is what
 * reached their wallet as commission (the ledger's word, not ours); owed is the difference.
 */
export async function agentDetail(db: DbOrTx, agentId: number): Promise<AdminAgentDetail> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw notFound('Agent');
  const [[agent], people, held, delivered, [earned], paidKobo] = await Promise.all([
    present(db, [row]),
    usersByIds(db, [row.userId]),
    orders.heldOrdersOf(db, row.id),
    orders.deliveredCountOf(db, row.id),
    db
      .select({ total: sum(agentCommissions.amountKobo) })
      .from(agentCommissions)
      .where(eq(agentCommissions.agentId, row.id)),
    creditedKobo(db, row.userId, 'commission'),
  ]);
  const person = people.get(row.userId);
  const earnedKobo = Number(earned?.total ?? 0);
  return {
    agent: agent!,
    person: person
      ? {
          id: person.id,
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          phone_number: toLocalPhone(person.phoneNumber),
        }
      : null,
    open_orders: await withContacts(db, held, 'admin'),
    deliveries_done: delivered,
    commission: {
      earned: koboToNaira(earnedKobo),
      paid: koboToNaira(paidKobo),
      owed: koboToNaira(Math.max(earnedKobo - paidKobo, 0)),
    },
  };
}

export async function countPendingApplications(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agents).where(eq(agents.status, 'pending'));
  return row?.n ?? 0;
}
