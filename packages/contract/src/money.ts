import { onFirstUse } from './intl';
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

// Nigerian money display: the naira sign, en-NG grouping, kobo only when there are some.
const wholeNaira = onFirstUse(
  () =>
    new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const nairaAndKobo = onFirstUse(() => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }));
const compactNaira = onFirstUse(
  () =>
    new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);

/**
 * The one way money is shown, on every screen and in every message: '₦1,500', '₦0.60', '₦1,500.50'
 * (two decimals when the kobo part is not 0, none when it is), '₦0' for empty. Rounded to the kobo,
 * so a balance is never shown as more or less than it is.
 */
export function formatNaira(naira: number | null | undefined): string {
  const kobo = Math.round((naira ?? 0) * KOBO_PER_NAIRA);
  const format = kobo % KOBO_PER_NAIRA === 0 ? wholeNaira() : nairaAndKobo();
  return format.format(kobo / KOBO_PER_NAIRA);
}

/** Short labels where space is tight (a chart's axis): '₦1.2K', '₦35M'. */
export function formatCompactNaira(naira: number): string {
  return compactNaira().format(naira);
}
