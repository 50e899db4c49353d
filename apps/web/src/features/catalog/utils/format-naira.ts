/**
 * The contract's formatNaira, repeated here: importing anything from the contract's runtime pulls
 * zod (about 22 KB gzip) into the customer's screens. purchase.test.ts checks the two agree.
 */
const wholeNaira = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The spec's display: en-US grouping, rounded to a whole number, 0 for empty; prefixed with N. */
export function formatNaira(naira: number | null | undefined): string {
  return `N${wholeNaira.format(Math.round(naira ?? 0))}`;
}
