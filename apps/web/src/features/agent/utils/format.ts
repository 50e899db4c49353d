import { formatDateTime as lagosDateTime } from '@ruwa/contract/dates';

/** '30 Nov 2026, 1:00 pm' in Lagos time (never a bare '1:00' that reads as 1 am). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  return lagosDateTime(value) || value;
}

/** A calendar day (YYYY-MM-DD) as '3 Mar'. */
export { formatDayOfMonth as formatDay } from '@ruwa/contract/dates';

/** 'sachet_water' -> 'Sachet water'. */
export function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
