import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';

/** POST wallet/savings/withdraw { amount } -> 200 with the wallet: the amount moves from savings back to the balance. */
export function moveFromSavings(amountNaira: number) {
  return api.post<Wallet>('wallet/savings/withdraw', { amount: amountNaira });
}

export function useMoveFromSavings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveFromSavings, onSuccess: ({ data }) => walletChanged(queryClient, data) });
}
