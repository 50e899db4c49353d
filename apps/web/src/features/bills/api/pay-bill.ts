import { billInput, type Bill, type BillInput } from '@ruwa/contract';
import type { PurchasePayment } from '@ruwa/contract/payments';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** What the electricity form holds: text as typed ('' until chosen). */
export type BillFormValues = { service_id: string; type: string; billers_code: string; amount: string; phone: string };

/** The contract's rules, typed for the form's text (the amount is coerced from what was typed). */
export const billFormSchema = billInput as unknown as z.ZodType<BillInput, BillFormValues>;

/**
 * POST bills/pay { service_id, billers_code, type, amount, phone, transaction_id | payment_method + pin }
 * -> the payment with its token once delivered (201; 200 when the same card reference was used).
 */
export function payBill(input: BillInput & PurchasePayment & { confirm_duplicate?: boolean }) {
  return api.post<Bill>('bills/pay', input);
}
