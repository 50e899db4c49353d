import type { ServerResponse } from 'node:http';
import { and, asc, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { agentAreasOf, servesArea, type AgentArea } from '../agents/service';
import { liveSessions } from '../auth/service';
import { EVENTS_CHANNEL } from './service';
import { liveEvents, type LiveEventRow } from './schema';

/** Who is reading a stream: what decides which events reach them. */
export type Viewer = { userId: number; isAdmin: boolean; agent: AgentArea | null };

/** Whether an event is for this viewer. `reachesSql` says the same in SQL for replays: keep them together. */
export function reaches(event: LiveEventRow, viewer: Viewer): boolean {
  if (event.userIds.includes(viewer.userId)) return true;
  if (viewer.isAdmin && event.audiences.includes('admins')) return true;
  const agent = viewer.agent;
  if (!agent) return false;
  if (event.agentIds.includes(agent.id)) return true;
  return (
    event.audiences.includes('area_agents') &&
    event.locationId !== null &&
    event.categoryKind !== null &&
    event.areaExceptUserId !== viewer.userId &&
    event.areaExceptAgentId !== agent.id &&
    servesArea(agent, { locationId: event.locationId, kind: event.categoryKind })
  );
}

function reachesSql(viewer: Viewer): SQL {
  const either: SQL[] = [sql`${viewer.userId}::int = any(${liveEvents.userIds})`];
  if (viewer.isAdmin) either.push(sql`'admins' = any(${liveEvents.audiences})`);
  const agent = viewer.agent;
  if (agent) either.push(sql`${agent.id}::int = any(${liveEvents.agentIds})`);
  if (agent?.approved && agent.locationIds.length && agent.kinds.length) {
    either.push(
      sql`('area_agents' = any(${liveEvents.audiences}) and ${inArray(liveEvents.locationId, agent.locationIds)} and ${inArray(liveEvents.categoryKind, agent.kinds)} and ${liveEvents.areaExceptUserId} is distinct from ${viewer.userId}::int and ${liveEvents.areaExceptAgentId} is distinct from ${agent.id}::int)`,
    );
  }
  return sql`(${sql.join(either, sql` or `)})`;
}

/** The most a reconnecting stream is sent of what it missed. */
const REPLAY_LIMIT = 500;
/** A client this far behind on reading (bytes queued) is cut off; it reconnects and replays. */
const MAX_QUEUED_BYTES = 1 << 20;
/** How many events are read per query when notifications arrive together. */
const READ_BATCH = 500;
/**
 * An event recorded this long ago that this instance never heard announced is sent anyway: its
 * announcement was lost (events/service.ts announces some after their commit).
 */
const UNANNOUNCED_AFTER_MS = 2_000;
/** How long an event id is remembered as heard beyond the sweep's window (clocks differ a little). */
const HEARD_MARGIN_MS = 10_000;

type Stream = {
  viewer: Viewer;
  tokenId: number;
  res: ServerResponse;
  /** While the replay is read, live events wait here so none is lost or sent twice. */
  held: LiveEventRow[] | null;
  replayed: Set<number>;
};

const frame = (event: LiveEventRow) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;

/**
 * This instance's side of the live events: one LISTEN for the whole process, and the open streams.
 * A notification names event ids; the rows are read once and written to every stream they reach.
 * A heartbeat comment keeps proxies from closing idle streams, and each beat checks the sessions:
 * a signed-out, expired or suspended one ends its stream, and agents' areas are read again. Each
 * beat also sends the recent events whose announcement never arrived (sweep).
 */
export function createEventHub(ctx: AppContext) {
  const streams = new Set<Stream>();
  const waiting = new Set<number>();
  /** Each event id heard of lately, and when: every event is sent once, however often it is named. */
  const heard = new Map<number, number>();
  /** How far back each sweep looks: every event is looked at by at least one sweep after the grace. */
  const sweepWindowMs = 2 * ctx.config.EVENTS_HEARTBEAT_SECONDS * 1000 + UNANNOUNCED_AFTER_MS;
  let reading: Promise<void> | null = null;
  let highestSeen = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;

  function write(stream: Stream, text: string) {
    if (stream.res.writableLength > MAX_QUEUED_BYTES) return end(stream);
    stream.res.write(text);
  }

  function deliver(stream: Stream, event: LiveEventRow) {
    if (stream.held) return void stream.held.push(event);
    if (stream.replayed.has(event.id)) return;
    write(stream, frame(event));
  }

  function dispatch(events: LiveEventRow[]) {
    for (const event of events) for (const stream of streams) if (reaches(event, stream.viewer)) deliver(stream, event);
  }

  async function readWaiting() {
    while (waiting.size) {
      const ids = [...waiting].slice(0, READ_BATCH);
      ids.forEach((id) => waiting.delete(id));
      if (!streams.size) continue;
      const rows = await ctx.db
        .select()
        .from(liveEvents)
        .where(inArray(liveEvents.id, ids))
        .orderBy(asc(liveEvents.id));
      dispatch(rows);
    }
  }

  function onNotify(payload: string) {
    const now = Date.now();
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (!Number.isSafeInteger(id) || id <= 0 || heard.has(id)) continue;
      heard.set(id, now);
      waiting.add(id);
      highestSeen = Math.max(highestSeen, id);
    }
    reading ??= readWaiting()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'live events: reading announced events failed'))
      .finally(() => {
        reading = null;
        if (waiting.size) onNotify('');
      });
  }

  /** After the LISTEN connection was lost: whatever was recorded meanwhile. */
  function catchUp() {
    const since = highestSeen;
    void ctx.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(gt(liveEvents.id, since))
      .orderBy(asc(liveEvents.id))
      .limit(READ_BATCH * 4)
      .then((rows) => rows.length && onNotify(rows.map((row) => row.id).join(',')))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'live events: catching up failed'));
  }

  /**
   * Sends the events recorded in the sweep's window, older than the grace, that were never heard of
   * here, and forgets the ids heard before anything the window can still find.
   */
  async function sweep() {
    const forgetBefore = Date.now() - sweepWindowMs - HEARD_MARGIN_MS;
    for (const [id, at] of heard) {
      if (at >= forgetBefore) break;
      heard.delete(id);
    }
    if (!streams.size) return;
    const rows = await ctx.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(
        and(
          gt(liveEvents.createdAt, sql`now() - ${sweepWindowMs} * interval '1 millisecond'`),
          lte(liveEvents.createdAt, sql`now() - ${UNANNOUNCED_AFTER_MS} * interval '1 millisecond'`),
        ),
      );
    const unheard = rows.map((row) => row.id).filter((id) => !heard.has(id));
    if (!unheard.length) return;
    ctx.log.warn({ events: unheard.length }, 'live events: sending events whose announcement was lost');
    onNotify(unheard.join(','));
  }

  function end(stream: Stream) {
    streams.delete(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  async function beat() {
    for (const stream of streams) write(stream, ': heartbeat\n\n');
    const open = [...streams];
    if (!open.length) return;
    const live = await liveSessions(ctx, [...new Set(open.map((s) => s.tokenId))]);
    const areas = await agentAreasOf(ctx.db, [...new Set(open.map((s) => s.viewer.userId))]);
    for (const stream of open) {
      if (!live.has(stream.tokenId)) end(stream);
      else stream.viewer.agent = areas.get(stream.viewer.userId) ?? null;
    }
  }

  return {
    /** Starts listening; events raised before this are not sent live (replays still find them). */
    async start() {
      stopListening = await ctx.database.listen(EVENTS_CHANNEL, onNotify, catchUp);
      heartbeat = setInterval(() => {
        void beat().catch((error: unknown) => ctx.log.error({ err: error }, 'live events: heartbeat failed'));
        void sweep().catch((error: unknown) => ctx.log.error({ err: error }, 'live events: sweep failed'));
      }, ctx.config.EVENTS_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
    },
    /** Ends every stream (clients reconnect to another instance) and stops listening. */
    async stop() {
      clearInterval(heartbeat);
      for (const stream of streams) end(stream);
      await stopListening?.();
      stopListening = null;
      await reading;
    },
    /** The viewer's current rights as a stream reader. */
    async viewerOf(user: { id: number; role: string }): Promise<Viewer> {
      const areas = await agentAreasOf(ctx.db, [user.id]);
      return { userId: user.id, isAdmin: user.role === 'admin', agent: areas.get(user.id) ?? null };
    },
    /**
     * Adds an open response as a stream. With `lastEventId`, what the viewer missed after it is
     * sent first, then what arrived meanwhile, each event once.
     */
    async open(viewer: Viewer, tokenId: number, res: ServerResponse, lastEventId: number | null) {
      const stream: Stream = { viewer, tokenId, res, held: lastEventId === null ? null : [], replayed: new Set() };
      streams.add(stream);
      res.on('close', () => streams.delete(stream));
      if (lastEventId === null) return;
      try {
        const missed = await ctx.db
          .select()
          .from(liveEvents)
          .where(and(gt(liveEvents.id, lastEventId), reachesSql(viewer)))
          .orderBy(asc(liveEvents.id))
          .limit(REPLAY_LIMIT);
        for (const event of missed) {
          stream.replayed.add(event.id);
          write(stream, frame(event));
        }
      } finally {
        const held = stream.held ?? [];
        stream.held = null;
        for (const event of held) deliver(stream, event);
      }
    },
    /** Streams open on this instance (for tests and metrics). */
    get size() {
      return streams.size;
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
