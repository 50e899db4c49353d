import type { PayInput } from './purchase-form';

/**
 * What the form held when the card popup was closed, handed back through the failure screen's
 * "Try again" (route state `prefill`) so the form opens as it was.
 */
export type PurchasePrefill = Omit<PayInput, 'total'> & { total?: number };

/** The prefill a screen was opened with (its route state), or null when there is none or it is malformed. */
export function purchasePrefillFrom(state: unknown): PurchasePrefill | null {
  if (typeof state !== 'object' || state === null || !('prefill' in state)) return null;
  const prefill = state.prefill as Partial<PurchasePrefill> | null;
  return prefill &&
    typeof prefill.product_id === 'number' &&
    typeof prefill.location_id === 'number' &&
    typeof prefill.quantity === 'number' &&
    typeof prefill.recipient_address === 'string'
    ? (prefill as PurchasePrefill)
    : null;
}

/** Whether a prefill is a subscription (and so belongs to the Subscribe form). */
export function isSubscriptionPrefill(prefill: PurchasePrefill | null | undefined): boolean {
  return prefill?.duration_in_days !== undefined;
}
