import { ORDER_STATUS_LABELS, type LiveEventPayloads, type OrderStatus } from '@ruwa/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import * as agents from '../agents/service';
import * as users from '../users/service';
import { alertClaims, liveEvents, pushKeys, pushSubscriptions, type LiveEventRow } from './schema';
import { EVENTS_CHANNEL } from './service';

/**
 * Alerts outside the app, for when it is closed: Web Push to the browsers people opted in on, and
 * an SMS to agents about a new order in their area. They follow the live events: each event is
 * claimed once (a row in alert_claims), so with several instances it still alerts once.
 */

/** The events worth waking a phone for. */
const ALERT_TYPES = ['order.available', 'order.updated'] as const;
/** An alert older than this is news nobody needs (an instance was down): it is dropped. */
export const ALERT_MAX_AGE_MS = 10 * 60 * 1000;
/** How long a push service keeps trying to reach a phone that is off. */
const PUSH_TTL_SECONDS = 10 * 60;
/** Events claimed per round; a burst is worked through round after round. */
const CLAIM_BATCH = 200;

export type PushAlert = { title: string; body: string; url: string; tag: string };
export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };
type VapidKeys = { publicKey: string; privateKey: string };

const generatedKeys = new WeakMap<AppContext, Promise<VapidKeys>>();

/** The VAPID keys pushes are signed with, or null when push is off (production without VAPID_*). */
export function vapidKeys(ctx: AppContext): Promise<VapidKeys | null> {
  const configured = ctx.config.vapid.keys;
  if (configured === null) return Promise.resolve(null);
  if (configured !== 'generated') return Promise.resolve(configured);
  let keys = generatedKeys.get(ctx);
  if (!keys) {
    keys = storedKeys(ctx.db);
    generatedKeys.set(ctx, keys);
    keys.catch(() => generatedKeys.delete(ctx));
  }
  return keys;
}

/** The pair in the database, made by whichever instance asks first. */
async function storedKeys(db: DbOrTx): Promise<VapidKeys> {
  const [found] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  await db
    .insert(pushKeys)
    .values({ id: 1, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}

/** Keeps a browser's subscription for this user (the same browser signing in again takes it over). */
export async function subscribe(db: DbOrTx, userId: number, input: PushSubscriptionInput): Promise<void> {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint: input.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
}

/** Stops pushes to this browser; answers whether it was subscribed for this user. */
export async function unsubscribe(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function isSubscribed(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return Boolean(row);
}

/** What a phone shows for an event: for the agents offered a new order, or a customer's order moving on. */
export function pushAlertOf(event: Pick<LiveEventRow, 'type' | 'payload'>): PushAlert | null {
  if (event.type === 'order.available') {
    const order = event.payload as LiveEventPayloads['order.available'];
    return {
      title: `New order in ${order.location_name}`,
      body: `${order.quantity} × ${order.product_name}. Open Ruwa to accept it.`,
      url: '/agent',
      tag: `order-${order.id}`,
    };
  }
  if (event.type === 'order.updated') {
    const order = event.payload as LiveEventPayloads['order.updated'];
    return {
      title: `Order #${order.id}: ${ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}`,
      body: 'Open Ruwa to see your order.',
      url: `/profile/orders?id=${order.id}`,
      tag: `order-${order.id}`,
    };
  }
  return null;
}

/** The SMS an agent gets for a new order in their area. */
export function smsAlertOf(order: LiveEventPayloads['order.available']): string {
  return `Ruwa: new order #${order.id} in ${order.location_name}: ${order.quantity} x ${order.product_name}. Open Ruwa to accept it.`;
}

/** Who an event alerts: customers hear of their order's progress, agents of new orders to take. */
async function recipientsOf(db: DbOrTx, event: LiveEventRow): Promise<agents.AlertedAgent[] | number[]> {
  if (event.type === 'order.available' && event.locationId !== null && event.categoryKind !== null) {
    return agents.agentsServing(db, { locationId: event.locationId, kind: event.categoryKind });
  }
  // Only the customer: the agent and admins caused or watch the change on their screens.
  return event.type === 'order.updated' ? event.userIds : [];
}

/** Claims the next unalerted events (each one only once, whichever instance asks). */
async function claimEvents(db: DbOrTx, now: Date): Promise<LiveEventRow[]> {
  const since = new Date(now.getTime() - ALERT_MAX_AGE_MS);
  const claimed = await db.execute<{ event_id: string | number }>(sql`
    insert into ${alertClaims} (event_id)
    select e.id from ${liveEvents} e
    where e.type in (${sql.join(
      ALERT_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )}) and e.created_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from ${alertClaims} c where c.event_id = e.id)
    order by e.id
    limit ${CLAIM_BATCH}
    on conflict do nothing
    returning event_id`);
  const rows = (Array.isArray(claimed) ? claimed : (claimed as { rows: unknown[] }).rows) as {
    event_id: string | number;
  }[];
  if (!rows.length) return [];
  return db
    .select()
    .from(liveEvents)
    .where(
      inArray(
        liveEvents.id,
        rows.map((row) => Number(row.event_id)),
      ),
    )
    .orderBy(liveEvents.id);
}

export type AlertsSent = { events: number; pushes: number; sms: number };

/**
 * Sends the alerts of every event not yet alerted, round after round. Called when events are
 * announced, and every minute in case an announcement was missed. Claiming commits before sending:
 * an alert is sent at most once (a crash between the two loses it, which beats alerting twice).
 */
export async function sendPendingAlerts(ctx: AppContext, now = new Date()): Promise<AlertsSent> {
  const sent: AlertsSent = { events: 0, pushes: 0, sms: 0 };
  const keys = await vapidKeys(ctx);
  for (;;) {
    const events = await claimEvents(ctx.db, now);
    if (!events.length) return sent;
    for (const event of events) {
      sent.events += 1;
      const recipients = await recipientsOf(ctx.db, event);
      const userIds = recipients.map((recipient) => (typeof recipient === 'number' ? recipient : recipient.userId));
      const alert = pushAlertOf(event);
      if (keys && alert && userIds.length) sent.pushes += await push(ctx, keys, userIds, alert);
      if (event.type === 'order.available') {
        const texted = (recipients as agents.AlertedAgent[]).filter((agent) => agent.smsAlerts);
        sent.sms += await text(ctx, texted, smsAlertOf(event.payload as LiveEventPayloads['order.available']));
      }
    }
    if (events.length < CLAIM_BATCH) return sent;
  }
}

/** Pushes to every browser these users subscribed; forgets the ones the push service says are gone. */
async function push(ctx: AppContext, keys: VapidKeys, userIds: number[], alert: PushAlert): Promise<number> {
  const subscriptions = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(alert),
          {
            vapidDetails: { subject: ctx.config.vapid.subject, ...keys },
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            topic: alert.tag.slice(0, 32),
            timeout: ctx.config.PROVIDER_TIMEOUT_MS,
          },
        );
        return 1;
      } catch (error) {
        // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        } else {
          ctx.log.warn({ err: error, subscription: subscription.id }, 'a push could not be sent');
        }
        return 0;
      }
    }),
  );
  return results.reduce<number>((sum, one) => sum + one, 0);
}

async function text(ctx: AppContext, recipients: agents.AlertedAgent[], message: string): Promise<number> {
  const people = await users.usersByIds(
    ctx.db,
    recipients.map((agent) => agent.userId),
  );
  let sent = 0;
  for (const agent of recipients) {
    const to = people.get(agent.userId)?.phoneNumber;
    if (!to) continue;
    try {
      await ctx.sms.send({ to, text: message });
      sent += 1;
    } catch (error) {
      ctx.log.warn({ err: error, agent: agent.id }, 'an order alert SMS could not be sent');
    }
  }
  return sent;
}

/**
 * Sends alerts as soon as events are announced (the same PostgreSQL notifications the streams
 * hear). One round at a time per instance; an announcement during a round asks for one more.
 */
export function createAlertSender(ctx: AppContext) {
  let round: Promise<void> | null = null;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;

  function run() {
    if (round) {
      again = true;
      return;
    }
    round = sendPendingAlerts(ctx)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alerts could not be sent'))
      .finally(() => {
        round = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  return {
    async start() {
      unlisten = await ctx.database.listen(EVENTS_CHANNEL, run, run);
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
      again = false;
      await round;
    },
  };
}
