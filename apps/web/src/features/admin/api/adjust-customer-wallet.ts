import { useQueryClient } from '@tanstack/react-query';
import { walletAdjustmentBody } from '@ruwa/contract';
import type { Wallet, WalletCreditRequest } from '@ruwa/contract/replies';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCustomers } from './invalidate-customers';
import { PENDING_WALLET_CREDITS_KEY } from './wallet-credits/get-wallet-credits';
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
 * A credit above the admins' amount answers 202 with the pending credit instead (its message says a
 * second admin approves it); nothing moves until then.
 */
export function adjustCustomerWallet(input: AdjustWalletInput) {
  return api.post<Wallet | WalletCreditRequest>('admin/customers/wallet-adjustment', input);
}

export function useAdjustCustomerWallet() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: adjustCustomerWallet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PENDING_WALLET_CREDITS_KEY });
      return invalidateCustomers(queryClient);
    },
  });
}
