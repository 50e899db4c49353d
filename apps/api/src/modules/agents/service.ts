import {
  CATEGORY_KIND_LABELS,
  koboToNaira,
  type adminAgentAreasBody,
  toLocalPhone,
  type AdminAgentDetail,
  type Agent,
  type agentApplyBody,
  type agentUpdateBody,
} from '@ruwa/contract';
import { and, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import { lagosDay } from '@ruwa/contract/dates';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { pagedSelect, type Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { decodeImage } from '../../platform/storage/images';
import { audit, type Actor } from '../audit/service';
import { publish } from '../events/service';
import * as catalog from '../catalog/service';
import { notify } from '../notifications/service';
import * as orders from '../orders/service';
import { usersByIds } from '../users/service';
import { creditedKobo } from '../wallet/service';
import { agentCommissions, agents, type AgentRow } from './schema';
import { chosenLocations, kindsSoldBy, locationIdsOf, setLocations } from './areas';

export {
  agentAreasOf,
  agentsServing,
  alertedAgentsByIds,
  approvedAgentsIn,
  kindsSoldBy,
  locationIdsOf,
  servesArea,
  type AgentArea,
  type AlertedAgent,
} from './areas';
export type { AgentRow } from './schema';
import { lagosDayStart, lagosMidnight } from '../../lib/lagos-time';

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
  const { rows, total } = await pagedSelect(db, agents, {
    where: where,
    orderBy: [desc(agents.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { rows: await present(db, rows), total };
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
      if (!returnHeldOrders) throw new Error('no module takes back a suspended agent’s orders');
      await returnHeldOrders(
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

/** What an agent is told when an admin changes where they deliver and what they sell. */
export const AGENT_AREA_TEXTS = {
  title: 'Your delivery areas were updated',
  description: (areas: string[], kinds: string[]) =>
    `An admin set where you deliver: ${areas.join(', ')}. You sell: ${kinds.length ? kinds.join(', ') : 'nothing for now'}. ` +
    'You can change these in your settings.',
};

/**
 * An admin sets where an agent delivers and what they sell, as the agent can in their settings:
 * one transaction, audited with the before and after, and the agent is told in the app.
 */
export async function setAreasAsAdmin(ctx: AppContext, adminId: number, body: z.output<typeof adminAgentAreasBody>) {
  const locationIds = (await chosenLocations(ctx.db, body))!;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(eq(agents.id, body.id)).for('update');
    if (!before) throw notFound('Agent');
    const [shownBefore] = await present(tx, [before]);
    await setLocations(tx, before.id, locationIds);
    const [after] = await tx
      .update(agents)
      .set({
        sellsSachetWater: body.sells_sachet_water,
        sellsBottleWater: body.sells_bottle_water,
        sellsGas: body.sells_gas,
        updatedAt: new Date(),
      })
      .where(eq(agents.id, before.id))
      .returning();
    const [shown] = await present(tx, [after!]);
    const areasAndKinds = (agent: Agent) => ({
      location_ids: agent.locations.map((area) => area.id),
      sells_sachet_water: agent.sells_sachet_water,
      sells_bottle_water: agent.sells_bottle_water,
      sells_gas: agent.sells_gas,
    });
    await audit(tx, {
      actorId: adminId,
      action: 'agent.areas_set',
      entity: 'agents',
      entityId: before.id,
      before: areasAndKinds(shownBefore!),
      after: areasAndKinds(shown!),
    });
    await notify(tx, before.userId, {
      kind: 'agent',
      title: AGENT_AREA_TEXTS.title,
      description: AGENT_AREA_TEXTS.description(
        shown!.locations.map((area) => area.name),
        kindsSoldBy(after!).map((kind) =>
          CATEGORY_KIND_LABELS[kind as keyof typeof CATEGORY_KIND_LABELS].toLowerCase(),
        ),
      ),
    });
    return shown!;
  });
}

/** Puts back to open what a suspended agent holds, in the suspension's transaction. */
type SuspendedAgentHandler = (
  tx: Tx,
  agent: { id: number; name: string },
  actor: Actor,
  why: string,
) => Promise<unknown>;
let returnHeldOrders: SuspendedAgentHandler | undefined;

/** Lets the module that hands out orders take them back from an agent being suspended. */
export function onAgentSuspended(handler: SuspendedAgentHandler) {
  returnHeldOrders = handler;
}

export async function findAgent(db: DbOrTx, agentId: number): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId));
  return row ?? null;
}

/** The orders an agent is offered: paid ones in their locations, of the kinds they sell, not their own. */
export async function deliveryAreaOf(db: DbOrTx, agent: AgentRow) {
  const served = await locationIdsOf(db, [agent.id]);
  return { locationIds: served.get(agent.id) ?? [], kinds: kindsSoldBy(agent), agentUserId: agent.userId };
}

/** How the customers and admins who may see an agent reach them: business name, first name, phone. */
export async function contactsOf(db: DbOrTx, agentIds: number[]) {
  const rows = agentIds.length ? await db.select().from(agents).where(inArray(agents.id, agentIds)) : [];
  const people = await usersByIds(
    db,
    rows.map((row) => row.userId),
  );
  return new Map(
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
}

/** The business names of the agents these users are, by user id: how a status history names who moved an order. */
export async function businessNamesOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: agents.userId, name: agents.businessName })
    .from(agents)
    .where(inArray(agents.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.name]));
}

/** Records one delivered order's commission; answers nothing when that order's is recorded already. */
export async function recordCommission(tx: Tx, values: typeof agentCommissions.$inferInsert) {
  const [row] = await tx.insert(agentCommissions).values(values).onConflictDoNothing().returning();
  return row;
}

/** An agent's commissions, newest first. */
export async function commissionsOf(db: DbOrTx, agentId: number, paging: Paging) {
  const where = eq(agentCommissions.agentId, agentId);
  const { rows, total } = await pagedSelect(db, agentCommissions, {
    where: where,
    orderBy: [desc(agentCommissions.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return { rows, total };
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
    deliveryAreaOf(db, agent).then((area) => orders.listOpenOrdersFor(db, area, { limit: 1, offset: 0 })),
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
  const [[agent], people, held, delivered, [earned], paidKobo, contacts] = await Promise.all([
    present(db, [row]),
    usersByIds(db, [row.userId]),
    orders.heldOrdersOf(db, row.id),
    orders.deliveredCountOf(db, row.id),
    db
      .select({ total: sum(agentCommissions.amountKobo) })
      .from(agentCommissions)
      .where(eq(agentCommissions.agentId, row.id)),
    creditedKobo(db, row.userId, 'commission'),
    contactsOf(db, [row.id]),
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
    // Admins see which agent holds each order: this one.
    open_orders: held.map((order) => ({ ...order, agent: contacts.get(row.id) ?? null })),
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
