import { dataInput, type VtuPurchase } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { VtuPayment } from './buy-airtime';

export type DataInput = z.output<typeof dataInput>;
/** The data form's text; the bundle picker sets `variation_id` and `price` together. */
export type DataFormValues = { phone: string; network_id: string; variation_id: string; price: string };

/** The contract's rules, typed for the form's text (the schema coerces the id and the price). */
export const dataFormSchema = dataInput as unknown as z.ZodType<DataInput, DataFormValues>;

/**
 * POST product-order/buy/data { phone, network_id, variation_id, price, transaction_id | payment_method }
 * -> the purchase. The server prices the bundle; a stale price is answered 422 on `price`.
 */
export function buyData(input: DataInput & VtuPayment) {
  return api.post<VtuPurchase>('product-order/buy/data', input);
}
