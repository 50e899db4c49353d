import type { OrderStatus, SubscriptionStatus } from '@ruwa/contract';

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

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
// Calendar days (YYYY-MM-DD) carry no time zone; read them as the day they name.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '15 Jan 2026' for a timestamp or a calendar day; '' for nothing or nonsense. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return (isDay ? dayFormat : dateFormat).format(date);
}

/** '15 Jan 2026, 10:00' */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
