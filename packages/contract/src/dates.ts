import { onFirstUse } from './intl';
/**
 * The one way dates and times are shown, on every screen and in every message: Lagos time whatever
 * the device's zone, '30 Nov 2026' and '30 Nov 2026, 1:02 pm'. No zod here, so screens can import it
 * without the contract's schemas.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: LAGOS_TIME_ZONE,
    }),
);
// hourCycle 'h12', not hour12: with hour12 some ICU builds (Node's among them) pick the en-NG h11
// cycle and write the noon hour as '0:05 pm'.
const dayAndTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone: LAGOS_TIME_ZONE,
    }),
);
const timeOnly = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone: LAGOS_TIME_ZONE,
    }),
);
// en-CA writes a day as YYYY-MM-DD.
const lagosCalendarDay = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS_TIME_ZONE }));

/** The Lagos calendar day (YYYY-MM-DD) an instant falls on: the business's "today" whatever the server's zone. */
export const lagosDay = (at: Date = new Date()): string => lagosCalendarDay().format(at);

/** The calendar day (YYYY-MM-DD) `days` after `day` (before it when negative). */
export const addDaysTo = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// A calendar day (YYYY-MM-DD) names a day, not a moment: it is shown as that day in any zone.
const calendarDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

// The same day without its year, where the year goes without saying (a chart's days, this week's run).
const calendarDayOfMonth = onFirstUse(
  () => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '30 Nov 2026' for a moment (its Lagos day) or a calendar day; '' for nothing or nonsense. */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const date = toDate(`${value}T00:00:00Z`);
    return date ? calendarDay().format(date) : '';
  }
  const date = toDate(value);
  return date ? day().format(date) : '';
}

/** '30 Nov 2026, 1:02 pm' in Lagos time; '' for nothing or nonsense. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dayAndTime().format(date) : '';
}

/** '1:02 pm' in Lagos time. */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeOnly().format(date) : '';
}

/** 'YYYY-MM-DD' typed as 'dd/mm/yyyy' (how Nigerians write dates), for inputs and hints. */
export function formatInputDay(value: string | null | undefined): string {
  if (!value || !CALENDAR_DAY.test(value)) return '';
  const [year, month, date] = value.split('-');
  return `${date}/${month}/${year}`;
}

/** 'dd/mm/yyyy' (or d/m/yyyy) back to 'YYYY-MM-DD'; null when it is not a real day. */
export function parseInputDay(value: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = toDate(`${iso}T00:00:00Z`);
  return date && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A calendar day (YYYY-MM-DD) as '3 Mar'; anything else as it was given. */
export function formatDayOfMonth(day: string): string {
  const date = CALENDAR_DAY.test(day) ? toDate(`${day}T00:00:00Z`) : null;
  return date ? calendarDayOfMonth().format(date) : day;
}

/** Whether a YYYY-MM-DD text names a real calendar day (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const date = CALENDAR_DAY.test(value) ? toDate(`${value}T00:00:00Z`) : null;
  return date !== null && date.toISOString().slice(0, 10) === value;
}

/** The message when a period of days (a statement's, a search's) ends before it starts. */
export const PERIOD_OUT_OF_ORDER = 'The to date must be on or after the from date.';
