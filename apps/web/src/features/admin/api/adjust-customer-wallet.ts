import { useQueryClient } from '@tanstack/react-query';
import { walletAdjustmentBody } from '@ruwa/contract';
import type { Wallet } from '@ruwa/contract/replies';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCustomers } from './invalidate-customers';
import { useSaveMutation } from './use-save-mutation';

export type AdjustmentDirection = 'credit' | 'debit';
export type AdjustWalletInput = {
  id: number;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  /** Made once per adjustment: a retry under it answers the first result instead of moving money again. */
  reference: string;
};

/** The dialog's fields, checked with the API's own rules. */
export const adjustmentFormSchema = walletAdjustmentBody.pick({ direction: true, amount: true, reason: true });
export type AdjustmentFormInput = z.input<typeof adjustmentFormSchema>;
export type AdjustmentFormValues = z.output<typeof adjustmentFormSchema>;

/**
 * POST admin/customers/wallet-adjustment { id, direction, amount, reason, reference } -> the wallet
 * now. 422 on `amount` when a debit would overdraw; the customer is notified of the amount and reason.
 */
export function adjustCustomerWallet(input: AdjustWalletInput) {
  return api.post<Wallet>('admin/customers/wallet-adjustment', input);
}

export function useAdjustCustomerWallet() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: adjustCustomerWallet,
    onSuccess: () => invalidateCustomers(queryClient),
  });
}
