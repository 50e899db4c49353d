import { useQueryClient } from '@tanstack/react-query';
import type { WalletCreditRequest } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { invalidateCustomers } from '../invalidate-customers';
import { useSaveMutation } from '../use-save-mutation';
import { PENDING_WALLET_CREDITS_KEY } from './get-wallet-credits';

/**
 * POST admin/wallet-adjustments/approve { reference } -> the credit, approved and the wallet credited
 * once. 403 for the admin who asked for it (a second admin approves).
 */
export function approveWalletCredit(reference: string) {
  return api.post<WalletCreditRequest>('admin/wallet-adjustments/approve', { reference });
}

export function useApproveWalletCredit() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: approveWalletCredit,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PENDING_WALLET_CREDITS_KEY });
      return invalidateCustomers(queryClient);
    },
  });
}
