import type { Order, OrderStatus, SubscriptionStatus } from '@ruwa/contract';
import { formatDate } from '@ruwa/contract/dates';

/*
 * Small copies of the contract's labels: importing the contract's runtime pulls zod (about 22 KB
 * gzip) into the customer's screens. format.test.ts checks the copies agree with the contract.
 */

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  assigned: 'Assigned to an agent',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** A label for a status the app may not know yet (the server added one): readable words. */
export function statusLabel(labels: Record<string, string>, status: string): string {
  return labels[status] ?? status.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
}

// Dates and times have one style app-wide, in Lagos time: the contract's formatter.
export { formatDate, formatDateTime } from '@ruwa/contract/dates';

/** When a one-off order comes: its Lagos day and booked window, '30 Nov 2026, Morning (08:00–12:00)'. */
export function deliveryWhen(order: Pick<Order, 'scheduled_for' | 'delivery_window'>): string {
  if (!order.scheduled_for) return '';
  return `${formatDate(order.scheduled_for)}${order.delivery_window ? `, ${order.delivery_window}` : ''}`;
}
