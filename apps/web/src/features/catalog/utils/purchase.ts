import { normalizeNigerianPhone } from '@ruwa/contract/phone';

/**
 * Purchase rules for the water and gas screens. The server computes the amount it charges from its
 * own catalogue (DESIGN section 5); these numbers are what the customer sees before paying.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1000;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 300;
export const DURATION_MIN_DAYS = 7;
export const DURATION_MAX_DAYS = 365;
export const DELIVERY_INTERVALS = [1, 3, 7, 14] as const;
export type DeliveryInterval = (typeof DELIVERY_INTERVALS)[number];
export const DEFAULT_DELIVERY_INTERVAL: DeliveryInterval = 7;

/** A whole number typed into a field, or null when it is not one. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

export function quantityError(text: string, unit = ''): string | undefined {
  const value = parseWholeNumber(text);
  if (text.trim() === '') return 'Enter a quantity.';
  if (value === null) return 'The quantity must be a whole number.';
  if (value < QUANTITY_MIN) return `The quantity must be at least ${QUANTITY_MIN}${unit}.`;
  if (value > QUANTITY_MAX)
    return `The quantity may not be greater than ${QUANTITY_MAX.toLocaleString('en-US')}${unit}.`;
  return undefined;
}

export function addressError(text: string): string | undefined {
  const length = text.trim().length;
  if (length === 0) return 'Enter the delivery address.';
  if (length < ADDRESS_MIN) return `The address must be at least ${ADDRESS_MIN} characters.`;
  if (length > ADDRESS_MAX) return `The address may not be longer than ${ADDRESS_MAX} characters.`;
  return undefined;
}

export function durationError(text: string): string | undefined {
  const value = parseWholeNumber(text);
  if (text.trim() === '') return 'Enter how many days the subscription lasts.';
  if (value === null) return 'The duration must be a whole number of days.';
  if (value < DURATION_MIN_DAYS || value > DURATION_MAX_DAYS) {
    return `The duration must be between ${DURATION_MIN_DAYS} and ${DURATION_MAX_DAYS} days.`;
  }
  return undefined;
}

/** How many deliveries a subscription makes: one every `intervalDays`, starting today. */
export function deliveriesFor(durationDays: number, intervalDays: number): number {
  if (durationDays <= 0 || intervalDays <= 0) return 0;
  return Math.ceil(durationDays / intervalDays);
}

/** Price x quantity x deliveries, worked in kobo so that naira with decimals add up exactly. */
export function purchaseTotal({
  priceNaira,
  quantity,
  deliveries = 1,
}: {
  priceNaira: number;
  quantity: number;
  deliveries?: number;
}): number {
  const unitKobo = Math.round(priceNaira * 100);
  return (unitKobo * quantity * deliveries) / 100;
}

/**
 * What the checkout shows: the items, the location's delivery fee, and what one delivery costs;
 * a subscription pays that for every delivery. Worked in kobo, like the server's own price.
 */
export function priceBreakdown({
  priceNaira,
  quantity,
  deliveryFeeNaira,
  deliveries = 1,
}: {
  priceNaira: number;
  quantity: number;
  deliveryFeeNaira: number;
  deliveries?: number;
}) {
  const itemsKobo = Math.round(priceNaira * 100) * quantity;
  const feeKobo = quantity > 0 ? Math.round(deliveryFeeNaira * 100) : 0;
  return {
    items: itemsKobo / 100,
    deliveryFee: feeKobo / 100,
    perDelivery: (itemsKobo + feeKobo) / 100,
    total: ((itemsKobo + feeKobo) * deliveries) / 100,
  };
}

/** The recipient phone typed at checkout: empty (the buyer's own) or a Nigerian mobile number. */
export function recipientPhoneError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return normalizeNigerianPhone(text)
    ? undefined
    : 'Enter the recipient phone as a Nigerian mobile number like 08031234567.';
}

export const LANDMARK_MAX = 200;
export function landmarkError(text: string): string | undefined {
  return text.trim().length > LANDMARK_MAX
    ? `The landmark may not be longer than ${LANDMARK_MAX} characters.`
    : undefined;
}
