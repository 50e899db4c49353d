import { ORDER_STATUS_LABELS, type LiveEventPayloads, type OrderStatus } from '@ruwa/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { DbOrTx } from '../../db/client';
import { oldestInQueue } from '../../db/queue';
import type { AppContext } from '../../lib/context';
import * as agents from '../agents/service';
import { notify } from '../notifications/service';
import { getSettings } from '../settings/service';
import * as users from '../users/service';
import { adminNoticeOf, isAdminAlert, onDutyAdmins, tellAdminsOnDuty } from './admin-alerts';
import { eventAlerts, liveEvents, pushKeys, pushSubscriptions, type LiveEventRow } from './schema';
import { EVENTS_CHANNEL } from './service';

/**
 * Alerts outside the app, for when it is closed: Web Push to the browsers people opted in on, and
 * an SMS to agents about a new order in their area, an order an admin gave them, or one they hold
 * that was cancelled (those two also land in the agent's in-app notifications); admins hear of
 * orders no agent took and of agent applications (admin-alerts.ts). They follow the live events:
 * each event is claimed once (its row in event_alerts deleted), so with several instances it still alerts once.
 * The events worth waking a phone for are service.ts's ALERT_TYPES, queued when they are recorded;
 * pushAlertOf() says what each shows.
 */

/** An alert older than this is news nobody needs (an instance was down): it is dropped. */
export const ALERT_MAX_AGE_MS = 10 * 60 * 1000;
/** How long a push service keeps trying to reach a phone that is off. */
const PUSH_TTL_SECONDS = 10 * 60;
/**
 * Recording statements whose events are claimed per round (a wallet-paid order is one, with two
 * events); a burst is worked through round after round.
 */
const CLAIM_BATCH = 200;
/**
 * The least time between the end of one round and the start of the next. An alert reaches a phone
 * seconds later anyway; under load this makes each round claim hundreds of events, not a handful.
 */
const ROUND_GAP_MS = 250;

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
  if (event.type === 'order.dispatched' || event.type === 'order.withdrawn') {
    const told = agentNoticeOf(event);
    return { title: told.title, body: `${told.description} Open Ruwa.`, url: '/agent', tag: `order-${told.id}` };
  }
  if (isAdminAlert(event)) {
    const notice = adminNoticeOf(event);
    const tag = event.type === 'agent.applied' ? `agent-${notice.id}` : `order-${notice.id}`;
    return { title: notice.title, body: notice.push, url: notice.url, tag };
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

/**
 * What the agent an order was given to or taken from is told, in the app and by push and SMS: an
 * admin's dispatch names the order and says it is theirs; a cancelled order says not to deliver it.
 */
export function agentNoticeOf(event: Pick<LiveEventRow, 'type' | 'payload'>) {
  if (event.type === 'order.dispatched') {
    const order = event.payload as LiveEventPayloads['order.dispatched'];
    return {
      id: order.id,
      title: `Order #${order.id} assigned to you`,
      description: `An admin assigned you order #${order.id} in ${order.location_name}: ${order.quantity} x ${order.product_name}.`,
    };
  }
  const order = event.payload as LiveEventPayloads['order.withdrawn'];
  return {
    id: order.id,
    title: `Order #${order.id} ${order.status}: do not deliver`,
    description: `Order #${order.id} (${order.quantity} x ${order.product_name}) was ${order.status}. Do not deliver it.`,
  };
}

/** The SMS an agent gets for an event: a new order in their area, or one given to or taken from them. */
export function smsAlertOf(event: Pick<LiveEventRow, 'type' | 'payload'>): string | null {
  if (event.type === 'order.available') {
    const order = event.payload as LiveEventPayloads['order.available'];
    return `Ruwa: new order #${order.id} in ${order.location_name}: ${order.quantity} x ${order.product_name}. Open Ruwa to accept it.`;
  }
  if (event.type === 'order.dispatched' || event.type === 'order.withdrawn')
    return `Ruwa: ${agentNoticeOf(event).description}`;
  return null;
}

type Recipients = agents.AlertedAgent[] | number[];

/**
 * Who each event of a round alerts: customers hear of their order's progress, agents of new orders
 * to take (not of their own, nor of one they just released) and of orders given to or taken from
 * them, admins of orders no agent took and of applications. Each area's agents, and the admins, are
 * looked up once per round, however many of its orders it holds.
 */
async function recipientsOf(
  db: DbOrTx,
  events: LiveEventRow[],
  admins: () => Promise<users.UserRow[]>,
): Promise<Map<LiveEventRow, Recipients>> {
  const areas = new Map<string, Promise<agents.AlertedAgent[]>>();
  const recipients = new Map<LiveEventRow, Recipients>();
  for (const event of events) {
    if (isAdminAlert(event)) {
      const everyAdmin = await admins();
      recipients.set(
        event,
        everyAdmin.map((admin) => admin.id),
      );
      continue;
    }
    if (event.type === 'order.available' && event.locationId !== null && event.categoryKind !== null) {
      const area = { locationId: event.locationId, kind: event.categoryKind };
      const key = `${area.locationId}:${area.kind}`;
      if (!areas.has(key)) areas.set(key, agents.agentsServing(db, area));
      // Never the order's own customer, who may serve its area too: they hear of it as its customer;
      // nor the agent who just released it.
      const serving = await areas.get(key)!;
      recipients.set(
        event,
        serving.filter((agent) => agent.userId !== event.areaExceptUserId && agent.id !== event.areaExceptAgentId),
      );
    } else if (event.type === 'order.dispatched' || event.type === 'order.withdrawn') {
      recipients.set(event, await agents.alertedAgentsByIds(db, event.agentIds));
    } else {
      // Only the customer: the agent and admins caused or watch the change on their screens.
      recipients.set(event, event.type === 'order.updated' ? event.userIds : []);
    }
  }
  return recipients;
}

const userIdOf = (recipient: agents.AlertedAgent | number) =>
  typeof recipient === 'number' ? recipient : recipient.userId;

/**
 * Claims the next events whose alerts are still to be sent, oldest first, by deleting their rows
 * from `event_alerts` (up to CLAIM_BATCH recording statements' worth; see oldestInQueue). An event
 * pruned meanwhile goes with its row.
 */
function claimEvents(db: DbOrTx): Promise<LiveEventRow[]> {
  const claimed = db.$with('claimed').as(
    db
      .delete(eventAlerts)
      .where(oldestInQueue(db, eventAlerts, eventAlerts.firstEventId, CLAIM_BATCH))
      .returning({ eventIds: eventAlerts.eventIds }),
  );
  return db
    .with(claimed)
    .select()
    .from(liveEvents)
    .where(sql`${liveEvents.id} = any(array(select unnest(${claimed.eventIds}) from ${claimed}))`)
    .orderBy(asc(liveEvents.id));
}

export type AlertsSent = { events: number; pushes: number; sms: number; mails: number };

/**
 * Sends the alerts of every event not yet alerted, round after round. Called when events are
 * announced, and every minute in case an announcement was missed. Claiming commits before sending:
 * an alert is sent at most once (a crash between the two loses it, which beats alerting twice).
 */
export async function sendPendingAlerts(ctx: AppContext, now = new Date()): Promise<AlertsSent> {
  const sent: AlertsSent = { events: 0, pushes: 0, sms: 0, mails: 0 };
  const keys = await vapidKeys(ctx);
  for (;;) {
    const claimed = await claimEvents(ctx.db);
    if (!claimed.length) return sent;
    // A claimed event too old to be news (an instance was down) is dropped unsent.
    const since = now.getTime() - ALERT_MAX_AGE_MS;
    const events = claimed.filter((event) => event.createdAt.getTime() > since);
    const round = await lookUpRound(ctx.db, events, keys !== null);
    for (const event of events) {
      sent.events += 1;
      const recipients = round.recipients.get(event)!;
      const alert = pushAlertOf(event);
      if (event.type === 'order.dispatched' || event.type === 'order.withdrawn') {
        const { title, description } = agentNoticeOf(event);
        for (const userId of recipients.map(userIdOf))
          await notify(ctx.db, userId, { kind: 'order', title, description });
      }
      if (isAdminAlert(event)) {
        const { title, description } = adminNoticeOf(event);
        const kind = event.type === 'agent.applied' ? 'agent' : 'order';
        for (const userId of recipients.map(userIdOf)) await notify(ctx.db, userId, { kind, title, description });
        if (event.type === 'order.unaccepted') {
          const told = await tellAdminsOnDuty(ctx, event, await round.onDuty());
          sent.sms += told.sms;
          sent.mails += told.mails;
        }
      }
      if (keys && alert) sent.pushes += await push(ctx, keys, round.browsersOf(recipients), alert);
      const sms = smsAlertOf(event);
      if (sms) {
        const texted = (recipients as agents.AlertedAgent[]).filter((agent) => agent.smsAlerts);
        sent.sms += await text(ctx, texted, round.phones, sms);
      }
    }
  }
}

/**
 * What a round of events needs to be sent, read once for the whole round (a burst of orders is one
 * round): each event's recipients, the browsers they subscribed and the texted agents' phones.
 */
async function lookUpRound(db: DbOrTx, events: LiveEventRow[], pushing: boolean) {
  let admins: Promise<users.UserRow[]> | null = null;
  let onDuty: Promise<users.UserRow[]> | null = null;
  const adminsOnce = () => (admins ??= users.activeAdmins(db));
  const recipients = await recipientsOf(db, events, adminsOnce);
  const everyone = [...recipients.values()].flatMap((list: Recipients) => list.map(userIdOf));
  const texted = [...recipients.values()].flatMap((list: Recipients) =>
    list.flatMap((recipient) => (typeof recipient !== 'number' && recipient.smsAlerts ? [recipient.userId] : [])),
  );
  const [subscriptions, phones] = await Promise.all([
    pushing && everyone.length
      ? db
          .select()
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, [...new Set(everyone)]))
      : [],
    texted.length ? users.usersByIds(db, [...new Set(texted)]) : new Map<number, { phoneNumber: string }>(),
  ]);
  const browsers = new Map<number, Browser[]>();
  for (const subscription of subscriptions)
    browsers.set(subscription.userId, [...(browsers.get(subscription.userId) ?? []), subscription]);
  return {
    recipients,
    onDuty: () =>
      (onDuty ??= Promise.all([adminsOnce(), getSettings(db)]).then(([all, settings]) => onDutyAdmins(all, settings))),
    phones,
    browsersOf: (list: Recipients) => [...new Set(list.map(userIdOf))].flatMap((userId) => browsers.get(userId) ?? []),
  };
}

type Browser = typeof pushSubscriptions.$inferSelect;

/** Pushes to these browsers; forgets the ones the push service says are gone. */
async function push(ctx: AppContext, keys: VapidKeys, browsers: Browser[], alert: PushAlert): Promise<number> {
  const results = await Promise.all(
    browsers.map(async (subscription) => {
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

async function text(
  ctx: AppContext,
  recipients: agents.AlertedAgent[],
  phones: Map<number, { phoneNumber: string }>,
  message: string,
): Promise<number> {
  let sent = 0;
  for (const agent of recipients) {
    const to = phones.get(agent.userId)?.phoneNumber;
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
 * hear). One round at a time per instance, and after each round a pause of ROUND_GAP_MS: an
 * announcement during a round or its pause asks for one more round after it, so a burst of orders
 * is claimed in a few large rounds instead of one small round per commit.
 */
export function createAlertSender(ctx: AppContext) {
  let round: Promise<void> | null = null;
  let pause: NodeJS.Timeout | null = null;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;

  function run() {
    if (round || pause) {
      again = true;
      return;
    }
    round = sendPendingAlerts(ctx)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alerts could not be sent'))
      .finally(() => {
        round = null;
        pause = setTimeout(() => {
          pause = null;
          if (again) {
            again = false;
            run();
          }
        }, ROUND_GAP_MS);
        pause.unref();
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
      if (pause) clearTimeout(pause);
      pause = null;
    },
  };
}
