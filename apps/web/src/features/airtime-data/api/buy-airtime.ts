import { airtimeInput, type VtuPurchase } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type AirtimeInput = z.output<typeof airtimeInput>;
/** What the airtime form holds: text as typed ('' until chosen). */
export type AirtimeFormValues = { amount: string; phone: string; network_id: string };

/**
 * The contract's rules, typed for the form's text: the schema coerces the amount, and an empty
 * network fails with its own message ('Choose a network...').
 */
export const airtimeFormSchema = airtimeInput as unknown as z.ZodType<AirtimeInput, AirtimeFormValues>;

/** How it is paid: a verified card reference, or the wallet (debited on the server). */
export type VtuPayment = { transaction_id: string } | { payment_method: 'wallet'; confirm_duplicate?: boolean };

/**
 * POST product-order/buy/airtime { amount, phone, network_id, transaction_id | payment_method }
 * -> the purchase (201; 200 when the same card reference was already used).
 */
export function buyAirtime(input: AirtimeInput & VtuPayment) {
  return api.post<VtuPurchase>('product-order/buy/airtime', input);
}
