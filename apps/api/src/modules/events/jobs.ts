import { lt } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { sendPendingAlerts } from './alerts';
import { liveEvents } from './schema';

export const PRUNE_EVENTS_JOB = 'events.prune';
/** How long events are kept for clients that reconnect with Last-Event-ID. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes the events older than the retention; answers how many. */
export async function pruneEvents(ctx: AppContext, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)))
    .returning({ id: liveEvents.id });
  return gone.length;
}

export const SEND_ALERTS_JOB = 'events.send-alerts';

export function registerEventJobs(ctx: AppContext) {
  // Alerts go out when events are announced; this catches any announcement an instance missed.
  ctx.jobs.work(SEND_ALERTS_JOB, async () => {
    const sent = await sendPendingAlerts(ctx);
    if (sent.events) ctx.log.info(sent, 'late alerts sent');
  });
  ctx.jobs.every(SEND_ALERTS_JOB, 1);
  ctx.jobs.work(PRUNE_EVENTS_JOB, async () => {
    const pruned = await pruneEvents(ctx);
    if (pruned) ctx.log.info({ pruned }, 'old live events deleted');
  });
  ctx.jobs.every(PRUNE_EVENTS_JOB, 60);
}
