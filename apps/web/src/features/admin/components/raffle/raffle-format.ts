import { formatDate, formatDateTime } from '@ruwa/contract/dates';

/** A calendar day as the API sends it (YYYY-MM-DD), e.g. '31 Jan 2026'. */
export function formatDay(day: string): string {
  return formatDate(day.slice(0, 10)) || day;
}

/** A moment in Lagos time, e.g. '22 Nov 2026, 2:05 pm'. */
export function formatMoment(iso: string): string {
  return formatDateTime(iso) || iso;
}
