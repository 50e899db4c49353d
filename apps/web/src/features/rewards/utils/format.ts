/**
 * Display helpers for the rewards screen. The wallet feature has its own: features do not share code
 * with each other, and importing the contract's runtime would pull zod into the customer's screens.
 */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const withKobo = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'N1,250'; an amount with kobo keeps them ('N12.50'). */
export function formatNaira(naira: number | null | undefined): string {
  const kobo = Math.round((naira ?? 0) * 100);
  return `N${kobo % 100 === 0 ? grouped.format(kobo / 100) : withKobo.format(kobo / 100)}`;
}

const dayFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const timestampFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

/** A calendar day as the API sends it (YYYY-MM-DD), e.g. '31 Jan 2026', whatever the device's zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The Lagos date of a timestamp. */
export function formatTimestampDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timestampFormat.format(date);
}
