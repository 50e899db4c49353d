import { formatDate, formatDateTime } from '@ruwa/contract/dates';

/** '15 Jan 2026' (or with the time, Lagos time); '' for nothing or nonsense. */
export function formatOrderDate(value: string | null | undefined, withTime = false): string {
  return withTime ? formatDateTime(value) : formatDate(value);
}
