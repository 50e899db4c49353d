/**
 * The contract's wallet constants, repeated here: importing anything from the contract's runtime
 * pulls zod (about 22 KB gzip) into the customer's screens. money.test.ts checks the two agree.
 */
export const DEPOSIT_QUICK_ADD = [500, 1_000, 10_000, 100_000] as const;
export const MIN_WITHDRAWAL_NAIRA = 100;
export const MAX_DEPOSIT_NAIRA = 5_000_000;

export const AMOUNT_EMPTY = 'Amount cannot be empty';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** en-US grouping of a whole number, e.g. 100000 -> '100,000' (the quick-add labels). */
export function formatGrouped(value: number): string {
  return grouped.format(value);
}

/** Keeps what an amount field may hold: digits and one decimal point (a typed '1,000' becomes '1000'). */
export function cleanAmountInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/** The naira amount typed, or null when the text is not a number. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

type AmountRules = {
  /** The smallest amount allowed, and the message when the amount is below it. */
  min?: { naira: number; message: string };
  max?: number;
};

/** Client rules for a typed amount (0 or empty reads 'Amount cannot be empty'). */
export function amountError(text: string, { min, max = MAX_DEPOSIT_NAIRA }: AmountRules = {}): string | undefined {
  const amount = parseAmount(text);
  if (amount === null || amount === 0) return AMOUNT_EMPTY;
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return 'The amount may have at most 2 decimal places.';
  if (amount > max) return `The amount may not be greater than ${formatGrouped(max)}.`;
  if (min && amount < min.naira) return min.message;
  return undefined;
}

/** A quick-add button adds to what is typed (an unreadable entry counts as nothing). */
export function addToAmount(text: string, addNaira: number): string {
  const current = parseAmount(text) ?? 0;
  const kobo = Math.round(current * 100) + Math.round(addNaira * 100);
  return String(kobo / 100);
}
