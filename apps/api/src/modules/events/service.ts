import type { LiveEventPayloads, LiveEventType, OrderStatus } from '@ruwa/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import * as catalog from '../catalog/service';
import type { OrderRow } from '../orders/service';
import { eventAlerts, liveEvents } from './schema';

/** The PostgreSQL channel every instance listens on; a notification carries event ids only. */
export const EVENTS_CHANNEL = 'ruwa_events';

/**
 * The events worth waking a phone for (alerts.ts sends them). Whatever records one of these queues
 * its alert in `event_alerts` in the same statement or transaction: `publish()` here, and
 * `alertsQueuedFrom` in the one-statement wallet order.
 */
export const ALERT_TYPES = [
  'order.available',
  'order.updated',
  'order.dispatched',
  'order.withdrawn',
  // Admins': see admin-alerts.ts.
  'order.unaccepted',
  'agent.applied',
] as const;

/** Queues the alerts of these just-recorded events (the alerting ones) as one claimable row. */
export async function queueAlerts(tx: DbOrTx, events: { id: number; type: string }[]): Promise<void> {
  const ids = events
    .filter((event) => (ALERT_TYPES as readonly string[]).includes(event.type))
    .map((event) => event.id)
    .sort((a, b) => a - b);
  if (ids.length) await tx.insert(eventAlerts).values({ firstEventId: ids[0]!, eventIds: ids });
}
/** Ids per notification: far below PostgreSQL's 8000-byte payload limit. */
const IDS_PER_NOTIFICATION = 400;

export type Recipients<Id = number, Text = string> = {
  users?: Id[];
  /** Agent record ids (not user ids): the agent holding an order. */
  agents?: (Id | null)[];
  admins?: boolean;
  /**
   * The approved agents of this location who sell this kind, less `exceptUserId` (an order's own
   * customer) and `exceptAgentId` (the agent who just released it).
   */
  area?: { locationId: Id; kind: Text; exceptUserId?: Id; exceptAgentId?: Id | null };
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
        areaExceptUserId: event.to.area?.exceptUserId ?? null,
        areaExceptAgentId: event.to.area?.exceptAgentId ?? null,
        dedupeKey: event.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: liveEvents.id, type: liveEvents.type });
  await queueAlerts(tx, inserted);
  await notify(
    tx,
    inserted.map((row) => row.id),
  );
  return inserted.length;
}

/** Names recorded events on the events channel, IDS_PER_NOTIFICATION ids per notification. */
async function notify(db: DbOrTx, ids: readonly number[]) {
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFICATION) {
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${ids.slice(i, i + IDS_PER_NOTIFICATION).join(',')})`);
  }
}

/**
 * Announces events that a statement recorded and committed on its own (a wallet-paid order), after
 * the commit and many statements' events at once. PostgreSQL takes one lock for every notifying
 * transaction at commit and holds it through that commit's WAL flush, so orders that each notified
 * would commit one at a time; here the ids gathered while one notification is being sent go out
 * together in the next. An announcement lost between the commit and the notification (the process
 * stopped, the notification failed) is found by each instance's hub among the recent events it never
 * heard of, and the alerts' minute job sends its alerts.
 */
function createAnnouncer(ctx: Pick<AppContext, 'db' | 'log'>) {
  let pending: number[] = [];
  let sending: Promise<void> | null = null;

  function sendPending() {
    if (sending || !pending.length) return;
    const ids = pending;
    pending = [];
    sending = notify(ctx.db, ids)
      .catch((error: unknown) =>
        ctx.log.error({ err: error, events: ids.length }, 'live events: announcing committed events failed'),
      )
      .finally(() => {
        sending = null;
        sendPending();
      });
  }

  return {
    announce(ids: readonly number[]) {
      pending.push(...ids);
      sendPending();
    },
    /** Resolves once everything announced so far has been sent (or failed). */
    async settled() {
      while (sending) await sending;
    },
  };
}

const announcers = new WeakMap<object, ReturnType<typeof createAnnouncer>>();

/** This process's announcer for the database behind `ctx.db`. */
export function announcerOf(ctx: Pick<AppContext, 'db' | 'log'>) {
  let announcer = announcers.get(ctx.db);
  if (!announcer) {
    announcer = createAnnouncer(ctx);
    announcers.set(ctx.db, announcer);
  }
  return announcer;
}

type OrderChange = Pick<
  OrderRow,
  'id' | 'userId' | 'status' | 'assignedAgentId' | 'locationId' | 'categoryKind' | 'productName' | 'quantity'
>;

/** An order's facts an event needs, as values (numbers and strings) or as SQL over a statement's row. */
type OrderFacts<Id, Text> = {
  id: Id;
  status: OrderStatus;
  userId: Id;
  assignedAgentId: Id | null;
  locationId: Id;
  categoryKind: Text;
  productName: Text;
  quantity: Id;
};

/**
 * The events of an order reaching `order.status` from `from` (null: it was just created). Its
 * customer, the agent holding it and admins hear of it; agents of its area hear when it leaves their
 * open list, and are offered it (`order.available`) whenever it becomes paid and unassigned, except
 * its customer (an agent is never offered their own order) and the agent who just released it. The
 * agent holding an order that is cancelled or refunded before delivery is told not to deliver it
 * (`order.withdrawn`). `order.assignedAgentId` is the agent who held it before this change.
 */
function orderChangeEvents<Id, Text>(order: OrderFacts<Id, Text>, from: OrderStatus | null, locationName: Text) {
  const held = from === 'assigned' || from === 'out_for_delivery';
  const area = {
    locationId: order.locationId,
    kind: order.categoryKind,
    exceptUserId: order.userId,
    ...(held ? { exceptAgentId: order.assignedAgentId } : {}),
  };
  const events: { type: LiveEventType; payload: Record<string, Id | Text | string>; to: Recipients<Id, Text> }[] = [
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
  if (order.status === 'paid')
    events.push({
      type: 'order.available',
      payload: {
        id: order.id,
        location_id: order.locationId,
        location_name: locationName,
        kind: order.categoryKind,
        product_name: order.productName,
        quantity: order.quantity,
      },
      to: { area },
    });
  if (held && order.assignedAgentId !== null && (order.status === 'cancelled' || order.status === 'refunded'))
    events.push({
      type: 'order.withdrawn',
      payload: { id: order.id, status: order.status, product_name: order.productName, quantity: order.quantity },
      to: { agents: [order.assignedAgentId] },
    });
  return events;
}

/** Records and announces an order's change (see `orderChangeEvents`), in the caller's transaction. */
export async function publishOrderChange(
  tx: DbOrTx,
  order: OrderChange,
  from: OrderStatus | null,
  locationName?: string,
) {
  const name =
    order.status === 'paid'
      ? (locationName ?? (await catalog.locationNames(tx, [order.locationId])).get(order.locationId) ?? '')
      : '';
  const events = orderChangeEvents(order, from, name) as NewLiveEvent[];
  await publish(tx, events);
}

/**
 * The same events as part of one SQL statement that records the change with the order it writes
 * (the wallet-paid order): one `select` per event over `source`'s row, for an `insert into events`
 * that returns `id, type` (give it to `alertsQueuedFrom`). The statement announces them after its
 * commit (`announcerOf`).
 */
export function orderEventsFrom(source: SQL, order: OrderFacts<SQL, SQL>, from: OrderStatus | null, locationName: SQL) {
  const ints = (values: (SQL | null)[]) => {
    const given = values.filter((value): value is SQL => value !== null);
    return given.length ? sql`array[${sql.join(given, sql`, `)}]::int[]` : sql`'{}'::int[]`;
  };
  const selects = orderChangeEvents(order, from, locationName).map(({ type, payload, to }) => {
    const fields = Object.entries(payload).map(
      ([key, value]) => sql`${key}::text, ${typeof value === 'string' ? sql`${value}::text` : value}`,
    );
    const audiences = [...(to.admins ? ['admins'] : []), ...(to.area ? ['area_agents'] : [])];
    return sql`select ${type}::text, jsonb_build_object(${sql.join(fields, sql`, `)}), ${ints(to.users ?? [])},
      ${ints(to.agents ?? [])}, ${
        audiences.length
          ? sql`array[${sql.join(
              audiences.map((a) => sql`${a}::text`),
              sql`, `,
            )}]`
          : sql`'{}'::text[]`
      },
      ${to.area?.locationId ?? sql`null`}::int, ${to.area?.kind ?? sql`null`}::text, ${to.area?.exceptUserId ?? sql`null`}::int,
      ${to.area?.exceptAgentId ?? sql`null`}::int
      from ${source}`;
  });
  return sql`insert into events (type, payload, user_ids, agent_ids, audiences, location_id, category_kind, area_except_user_id, area_except_agent_id)
    ${sql.join(selects, sql` union all `)}
    returning id, type`;
}

/** `queueAlerts` as part of the same statement: one claimable row for the alerting events `recorded` returned. */
export const alertsQueuedFrom = (recorded: SQL) => sql`insert into event_alerts (first_event_id, event_ids)
  select min(id), array_agg(id order by id) from ${recorded}
  where type in (${sql.join(
    ALERT_TYPES.map((type) => sql`${type}::text`),
    sql`, `,
  )})
  having count(*) > 0`;
