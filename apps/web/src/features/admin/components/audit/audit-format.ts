import { formatNaira, koboToNaira } from '@ruwa/contract';
import { formatDateTime } from '../../utils/format-date';

const ENTITY_LABELS: Record<string, string> = {
  agents: 'Agents',
  data_bundles: 'Data bundles',
  locations: 'Locations',
  orders: 'Orders',
  product_categories: 'Categories',
  products: 'Products',
  raffle_draws: 'Raffle draws',
  raffle_tickets: 'Raffle tickets',
  settings: 'Settings',
  users: 'Customers and staff',
  withdrawals: 'Withdrawals',
};

const ACTION_LABELS: Record<string, string> = {
  'category.create': 'Category created',
  'category.update': 'Category changed',
  'category.delete': 'Category deleted',
  'location.create': 'Location created',
  'location.update': 'Location changed',
  'location.delete': 'Location deleted',
  'product.create': 'Product created',
  'product.update': 'Product changed',
  'product.delete': 'Product deleted',
  'data_bundle.update': 'Data bundle changed',
  'data_bundle.add_from_provider': 'Data bundle added from the provider',
  'customer.suspend': 'Customer suspended',
  'customer.reactivate': 'Customer reactivated',
  'customer.password_reset_sent': 'Password reset link sent',
  'order.update_status': 'Order status changed',
  'raffle.draw': 'Raffle drawn',
  'raffle.tickets.create': 'Raffle tickets created',
  'settings.update': 'Settings changed',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'agent.approved': 'Agent approved',
  'agent.rejected': 'Agent application refused',
  'agent.suspended': 'Agent suspended',
  'withdrawal.release': 'Held withdrawal released',
};

/** 'basePriceKobo' / 'product_location_price' -> 'base price kobo' / 'product location price'. */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .replaceAll('.', ' ')
    .toLowerCase()
    .trim();
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function auditEntityLabel(entity: string): string {
  return ENTITY_LABELS[entity] ?? sentence(words(entity));
}

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? sentence(words(action));
}

/** Fields holding kobo (the database's unit) and fields holding naira (the API's). */
const KOBO_FIELD = /kobo$/i;
const NAIRA_FIELD = /(^|_)(price|amount|fee|balance|min_purchase|minimum|cost|bonus|reward)(_|$)|Price$|Amount$/;

/** A field's name in words, without the unit its value is stored in. */
export function auditFieldLabel(path: string): string {
  return sentence(
    path
      .split('.')
      .map((part) => words(part.replace(KOBO_FIELD, '')))
      .filter(Boolean)
      .join(' › '),
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as a person reads it: ₦ for money, Yes/No, Lagos dates, a dash for nothing. */
export function auditValue(path: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const field = path.split('.').at(-1) ?? path;
  if (typeof value === 'number') {
    if (KOBO_FIELD.test(field)) return formatNaira(koboToNaira(value));
    if (NAIRA_FIELD.test(field)) return formatNaira(value);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(', ') || '—';
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  return JSON.stringify(value);
}

/** Flattens nested objects to 'raffle.min_purchase' paths; arrays stay whole. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/** Book-keeping columns that change on every write and say nothing about what the admin did. */
const NOISE = new Set(['updatedAt', 'updated_at']);

export type AuditChangeRow = { path: string; field: string; before: string; after: string };

/**
 * The fields a change touched, each with its value before and after in words. When both sides were
 * recorded only the fields that differ are listed; a creation or deletion lists every field.
 */
export function auditChangeRows(before: unknown, after: unknown): AuditChangeRow[] {
  const beforeFields = flatten(before);
  const afterFields = flatten(after);
  const bothSides = beforeFields.size > 0 && afterFields.size > 0;
  const paths = [...new Set([...beforeFields.keys(), ...afterFields.keys()])];
  return paths
    .filter((path) => !NOISE.has(path.split('.').at(-1)!))
    .filter((path) => !bothSides || JSON.stringify(beforeFields.get(path)) !== JSON.stringify(afterFields.get(path)))
    .map((path) => ({
      path,
      field: auditFieldLabel(path),
      before: auditValue(path, beforeFields.get(path)),
      after: auditValue(path, afterFields.get(path)),
    }));
}
