import type { LiveEventPayloads, LiveEventType, OrderStatus } from '@ruwa/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog/service';
import type { OrderRow } from '../orders/service';
import { liveEvents } from './schema';

/** The PostgreSQL channel every instance listens on; a notification carries event ids only. */
export const EVENTS_CHANNEL = 'ruwa_events';
/** Ids per notification: far below PostgreSQL's 8000-byte payload limit. */
const IDS_PER_NOTIFICATION = 400;

export type Recipients = {
  users?: number[];
  /** Agent record ids (not user ids): the agent holding an order. */
  agents?: (number | null)[];
  admins?: boolean;
  /** The approved agents of this location who sell this kind. */
  area?: { locationId: number; kind: string };
};

export type NewLiveEvent = {
  [Type in LiveEventType]: { type: Type; payload: LiveEventPayloads[Type]; to: Recipients; dedupeKey?: string };
}[LiveEventType];

/**
 * Records events and announces them, inside the caller's transaction: PostgreSQL delivers a
 * NOTIFY only when the transaction commits, so a change that rolls back announces nothing. An
 * event with a dedupe key already recorded is skipped. Answers how many were recorded.
 */
export async function publish(tx: DbOrTx, events: NewLiveEvent | NewLiveEvent[]): Promise<number> {
  const list = [events].flat();
  if (!list.length) return 0;
  const inserted = await tx
    .insert(liveEvents)
    .values(
      list.map((event) => ({
        type: event.type,
        payload: event.payload,
        userIds: event.to.users ?? [],
        agentIds: (event.to.agents ?? []).filter((id): id is number => id !== null),
        audiences: [...(event.to.admins ? ['admins'] : []), ...(event.to.area ? ['area_agents'] : [])],
        locationId: event.to.area?.locationId ?? null,
        categoryKind: event.to.area?.kind ?? null,
        dedupeKey: event.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: liveEvents.id });
  for (let i = 0; i < inserted.length; i += IDS_PER_NOTIFICATION) {
    const ids = inserted.slice(i, i + IDS_PER_NOTIFICATION).map((row) => row.id);
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${ids.join(',')})`);
  }
  return inserted.length;
}

type OrderChange = Pick<
  OrderRow,
  'id' | 'userId' | 'status' | 'assignedAgentId' | 'locationId' | 'categoryKind' | 'productName' | 'quantity'
>;

/**
 * An order reached `order.status` from `from` (null: it was just created). Its customer, the agent
 * holding it and admins hear of it; agents of its area hear when it leaves their open list, and
 * are offered it (`order.available`) whenever it becomes paid and unassigned. A wallet-paid order
 * writes the same two events in its one statement (`wallet_paid_order` in orders/queries.ts).
 */
export async function publishOrderChange(
  tx: DbOrTx,
  order: OrderChange,
  from: OrderStatus | null,
  locationName?: string,
) {
  const area = { locationId: order.locationId, kind: order.categoryKind };
  const events: NewLiveEvent[] = [
    {
      type: 'order.updated',
      payload: { id: order.id, status: order.status },
      to: {
        users: [order.userId],
        agents: [order.assignedAgentId],
        admins: true,
        ...(from === 'paid' ? { area } : {}),
      },
    },
  ];
  if (order.status === 'paid') {
    const name = locationName ?? (await catalog.locationNames(tx, [order.locationId])).get(order.locationId) ?? '';
    events.push({
      type: 'order.available',
      payload: {
        id: order.id,
        location_id: order.locationId,
        location_name: name,
        kind: order.categoryKind,
        product_name: order.productName,
        quantity: order.quantity,
      },
      to: { area },
    });
  }
  await publish(tx, events);
}
