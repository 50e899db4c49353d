import { productOrderInput, type PurchaseInput } from '@ruwa/contract';
import type { PurchasePayment } from '@ruwa/contract/payments';

/**
 * What is bought, where, how many, and who receives it; subscriptions add how long and how often.
 * The server prices exactly these fields, for the card popup and for the order alike.
 */
export type { PurchaseInput };

const PURCHASE_FIELDS = [
  ...productOrderInput.keyof().options,
  'duration_in_days',
  'delivery_interval_days',
] as const satisfies readonly (keyof PurchaseInput)[];

/** The purchase's own fields, set ones only (a form's input holds more, e.g. the total it shows). */
export function purchaseFields(input: PurchaseInput): PurchaseInput {
  const picked: Record<string, unknown> = {};
  for (const field of PURCHASE_FIELDS) if (input[field] !== undefined) picked[field] = input[field];
  return picked as PurchaseInput;
}

/** How it is paid: a verified card reference, or the wallet (debited on the server). */
export type OrderPayment = PurchasePayment;
