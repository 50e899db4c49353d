import type { PurchasePayment } from '@ruwa/contract/payments';

/**
 * What is bought, where, how many, and who receives it; subscriptions add how long and how often.
 * The server prices exactly these fields, for the card popup and for the order alike.
 */
export type PurchaseInput = {
  product_id: number;
  location_id: number;
  quantity: number;
  recipient_address: string;
  /** Left out: the buyer's own number. */
  recipient_phone?: string;
  landmark?: string;
  cylinder_size_kg?: number;
  cylinder_type?: 'refill' | 'new';
  /** Where the area offers windows: the window's name, and for one-off orders the day. */
  delivery_window?: string;
  delivery_date?: string;
  /** The saved address picked, if any (it becomes the last used). */
  address_id?: number;
  duration_in_days?: number;
  delivery_interval_days?: number;
};

const PURCHASE_FIELDS = [
  'product_id',
  'location_id',
  'quantity',
  'recipient_address',
  'recipient_phone',
  'landmark',
  'cylinder_size_kg',
  'cylinder_type',
  'delivery_window',
  'delivery_date',
  'address_id',
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
