import type { LiveEventPayloads } from '@ruwa/contract';

/** Every text of the admins' live alert toasts, kept together so they can move into the message catalogs. */
export const ADMIN_ALERT_TOAST_TEXTS = {
  unaccepted: {
    title: (order: LiveEventPayloads['order.unaccepted']) => `Order #${order.id} is waiting for an agent`,
    description: (order: LiveEventPayloads['order.unaccepted']) =>
      `No agent has accepted it in ${order.location_name} after ${order.minutes} minutes. Assign it in Orders.`,
  },
  applied: {
    title: 'New agent application',
    description: (agent: LiveEventPayloads['agent.applied']) =>
      `${agent.business_name} applied to become an agent. Review it in Agents.`,
  },
};
