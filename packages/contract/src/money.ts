/**
 * Money crosses the API as naira (JSON numbers, as the spec's client reads them) and lives in the
 * database as integer kobo. These helpers are the only place the two meet.
 */
export const KOBO_PER_NAIRA = 100;

/** Converts a naira amount with at most two decimals to integer kobo, without float drift. */
export function nairaToKobo(naira: number): number {
  if (!Number.isFinite(naira)) throw new RangeError('amount must be a finite number');
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number | bigint): number {
  return Number(kobo) / KOBO_PER_NAIRA;
}

/** True when a naira amount has no more than two decimal places. */
export function hasAtMostTwoDecimals(naira: number): boolean {
  return Math.abs(naira * KOBO_PER_NAIRA - Math.round(naira * KOBO_PER_NAIRA)) < 1e-6;
}

const wholeNaira = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The spec's display: en-US grouping, rounded to a whole number, 0 for empty; prefixed with N. */
export function formatNaira(naira: number | null | undefined): string {
  return `N${wholeNaira.format(Math.round(naira ?? 0))}`;
}
