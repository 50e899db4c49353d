import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { fieldError } from '../../lib/http/errors';
import * as catalog from '../catalog/service';
import { agentLocations, agents, type AgentRow } from './schema';

// Where an agent delivers: the set of locations whose paid orders of the kinds they sell they are offered.

export function kindsSoldBy(agent: AgentRow): string[] {
  return [
    agent.sellsSachetWater && 'sachet_water',
    agent.sellsBottleWater && 'bottle_water',
    agent.sellsGas && 'gas',
  ].filter((k): k is string => Boolean(k));
}

/** The locations each agent delivers in. */
export async function locationIdsOf(db: DbOrTx, agentIds: number[]): Promise<Map<number, number[]>> {
  const served = new Map<number, number[]>(agentIds.map((id) => [id, []]));
  if (!agentIds.length) return served;
  const rows = await db
    .select()
    .from(agentLocations)
    .where(inArray(agentLocations.agentId, agentIds))
    .orderBy(asc(agentLocations.locationId));
  for (const row of rows) served.get(row.agentId)!.push(row.locationId);
  return served;
}

/** The agent's locations as one list, whichever field an app sent; unknown locations are refused. */
export async function chosenLocations(
  db: DbOrTx,
  body: { location_ids?: number[]; location_id?: number },
): Promise<number[] | undefined> {
  const field = body.location_ids ? 'location_ids' : 'location_id';
  const ids = body.location_ids ?? (body.location_id ? [body.location_id] : undefined);
  if (!ids) return undefined;
  const unique = [...new Set(ids)];
  if ((await catalog.locationNames(db, unique)).size !== unique.length)
    throw fieldError(
      field,
      field === 'location_ids' ? 'A selected location is invalid.' : 'The selected location is invalid.',
    );
  return unique;
}

/** Replaces the agent's locations with these, in the caller's transaction. */
export async function setLocations(tx: Tx, agentId: number, locationIds: number[]) {
  await tx.delete(agentLocations).where(eq(agentLocations.agentId, agentId));
  if (locationIds.length)
    await tx.insert(agentLocations).values(locationIds.map((locationId) => ({ agentId, locationId })));
}

/** What live events each of these users may receive as an agent: their record, area and kinds. */
export async function agentAreasOf(db: DbOrTx, userIds: number[]) {
  if (!userIds.length) return new Map<number, AgentArea>();
  const rows = await db.select().from(agents).where(inArray(agents.userId, userIds));
  const served = await locationIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.userId, toArea(row, served.get(row.id) ?? [])]));
}

export type AgentArea = { id: number; locationIds: number[]; kinds: string[]; approved: boolean };
const toArea = (row: AgentRow, locationIds: number[]): AgentArea => ({
  id: row.id,
  locationIds,
  kinds: kindsSoldBy(row),
  approved: row.status === 'approved',
});

/** Whether an agent is offered the paid orders of this location and kind (live events, alerts). */
export function servesArea(agent: AgentArea, area: { locationId: number; kind: string }): boolean {
  return agent.approved && agent.locationIds.includes(area.locationId) && agent.kinds.includes(area.kind);
}

/** The approved agents with this location among theirs, each with all their locations. */
export async function approvedAgentsIn(db: DbOrTx, locationId: number) {
  const rows = await db
    .select({ agent: agents })
    .from(agents)
    .innerJoin(agentLocations, eq(agentLocations.agentId, agents.id))
    .where(and(eq(agents.status, 'approved'), eq(agentLocations.locationId, locationId)))
    .orderBy(asc(agents.businessName), asc(agents.id));
  const served = await locationIdsOf(
    db,
    rows.map((row) => row.agent.id),
  );
  return rows.map(({ agent }) => ({ row: agent, area: toArea(agent, served.get(agent.id) ?? []) }));
}

export type AlertedAgent = AgentArea & { userId: number; smsAlerts: boolean };

/** The agents a new paid order in this location and kind is offered to, with how they want alerts. */
export async function agentsServing(db: DbOrTx, area: { locationId: number; kind: string }): Promise<AlertedAgent[]> {
  return (await approvedAgentsIn(db, area.locationId))
    .map(({ row, area: served }) => ({ ...served, userId: row.userId, smsAlerts: row.smsAlerts }))
    .filter((agent) => servesArea(agent, area));
}

/** These agents (by agent id) with how they want alerts: the agent an order is given to or taken from. */
export async function alertedAgentsByIds(db: DbOrTx, agentIds: number[]): Promise<AlertedAgent[]> {
  if (!agentIds.length) return [];
  const rows = await db.select().from(agents).where(inArray(agents.id, agentIds));
  const served = await locationIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toArea(row, served.get(row.id) ?? []),
    userId: row.userId,
    smsAlerts: row.smsAlerts,
  }));
}
