import type { LiveEventPayloads, Settings } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { actionEmail } from '../../platform/mail/mailer';
import type { UserRow } from '../users/service';
import type { LiveEventRow } from './schema';

/**
 * What admins are told outside the screen they have open: a paid order no agent took in time, and a
 * new agent application. Every active admin gets each in the app and by push; the admins on duty
 * (settings) are also texted and e-mailed about an unaccepted order, which costs a customer waiting
 * at the door. An application can wait for the next look at the app.
 */

export const ADMIN_ALERT_TYPES = ['order.unaccepted', 'agent.applied'] as const;
type AdminAlertType = (typeof ADMIN_ALERT_TYPES)[number];

export const isAdminAlert = (event: Pick<LiveEventRow, 'type'>): boolean =>
  (ADMIN_ALERT_TYPES as readonly string[]).includes(event.type);

/** Every text of the admins' alerts, kept together so they can move into the message catalogs. */
export const ADMIN_ALERT_TEXTS = {
  unaccepted: {
    title: (id: number) => `Order #${id} is waiting for an agent`,
    description: (order: LiveEventPayloads['order.unaccepted']) =>
      `No agent has accepted order #${order.id} in ${order.location_name} after ${order.minutes} minutes. Assign it to an agent.`,
    push: 'Open Ruwa to assign it.',
    sms: (order: LiveEventPayloads['order.unaccepted']) =>
      `Ruwa: order #${order.id} in ${order.location_name} has waited ${order.minutes} minutes for an agent. Assign it in Orders.`,
    action: 'Open the order',
  },
  applied: {
    title: 'New agent application',
    description: (agent: LiveEventPayloads['agent.applied']) =>
      `${agent.business_name} applied to become an agent. Review the application in Agents.`,
    push: 'Open Ruwa to review it.',
  },
  greeting: (firstName: string) => `Hello ${firstName},`,
  footer: 'You get this e-mail because you are an admin on duty for order alerts. Change who is on duty in Settings.',
};

export type AdminNotice = { id: number; title: string; description: string; push: string; url: string };

/** What the app, the push and the e-mail say about an admin alert. */
export function adminNoticeOf(event: Pick<LiveEventRow, 'type' | 'payload'>): AdminNotice {
  const type = event.type as AdminAlertType;
  if (type === 'order.unaccepted') {
    const order = event.payload as LiveEventPayloads['order.unaccepted'];
    return {
      id: order.id,
      title: ADMIN_ALERT_TEXTS.unaccepted.title(order.id),
      description: ADMIN_ALERT_TEXTS.unaccepted.description(order),
      push: ADMIN_ALERT_TEXTS.unaccepted.push,
      url: `/admin/orders?id=${order.id}`,
    };
  }
  const agent = event.payload as LiveEventPayloads['agent.applied'];
  return {
    id: agent.id,
    title: ADMIN_ALERT_TEXTS.applied.title,
    description: ADMIN_ALERT_TEXTS.applied.description(agent),
    push: ADMIN_ALERT_TEXTS.applied.push,
    url: `/admin/agents/${agent.id}`,
  };
}

/**
 * The admins on duty: those the settings name that are still active admins, or every active admin
 * when the settings name none of them (nobody on duty would mean an alert that reaches no one).
 */
export function onDutyAdmins(admins: UserRow[], settings: Pick<Settings, 'alerts'>): UserRow[] {
  const named = new Set(settings.alerts.on_duty_admin_ids);
  const onDuty = admins.filter((admin) => named.has(admin.id));
  return onDuty.length ? onDuty : admins;
}

/** Texts and e-mails the admins on duty about an unaccepted order; answers how many of each went. */
export async function tellAdminsOnDuty(
  ctx: AppContext,
  event: Pick<LiveEventRow, 'type' | 'payload'>,
  onDuty: UserRow[],
): Promise<{ sms: number; mails: number }> {
  const sent = { sms: 0, mails: 0 };
  if (event.type !== 'order.unaccepted') return sent;
  const order = event.payload as LiveEventPayloads['order.unaccepted'];
  const notice = adminNoticeOf(event);
  for (const admin of onDuty) {
    try {
      await ctx.sms.send({ to: admin.phoneNumber, text: ADMIN_ALERT_TEXTS.unaccepted.sms(order) });
      sent.sms += 1;
    } catch (error) {
      ctx.log.warn({ err: error, admin: admin.id }, 'an unaccepted order SMS could not be sent');
    }
    try {
      const body = actionEmail({
        greeting: ADMIN_ALERT_TEXTS.greeting(admin.firstName),
        lines: [notice.description],
        action: { label: ADMIN_ALERT_TEXTS.unaccepted.action, url: new URL(notice.url, ctx.publicUrl).toString() },
        footer: ADMIN_ALERT_TEXTS.footer,
      });
      await ctx.mailer.send({ to: admin.email, subject: notice.title, ...body });
      sent.mails += 1;
    } catch (error) {
      ctx.log.warn({ err: error, admin: admin.id }, 'an unaccepted order e-mail could not be sent');
    }
  }
  return sent;
}
