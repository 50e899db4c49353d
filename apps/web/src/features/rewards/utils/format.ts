import { formatDate } from '@ruwa/contract/dates';

/** A calendar day as the API sends it (YYYY-MM-DD), e.g. '31 Jan 2026', whatever the device's zone. */
export function formatDay(day: string): string {
  return formatDate(day.slice(0, 10)) || day;
}

/** The Lagos date of a timestamp. */
export function formatTimestampDay(iso: string): string {
  return formatDate(iso);
}
