import { onFirstUse } from '@ruwa/contract/intl';
const grouped = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** en-US grouping of a whole number, e.g. 100000 -> '100,000' (the quick-add labels). */
export function formatGrouped(value: number): string {
  return grouped().format(value);
}

/** Keeps what an amount field may hold: digits and one decimal point (a typed '1,000' becomes '1000'). */
export function cleanAmountInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/** The naira amount typed, or null when the text is not a number. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** A quick-add button adds to what is typed (an unreadable entry counts as nothing). */
export function addToAmount(text: string, addNaira: number): string {
  const current = parseAmount(text) ?? 0;
  const kobo = Math.round(current * 100) + Math.round(addNaira * 100);
  return String(kobo / 100);
}
