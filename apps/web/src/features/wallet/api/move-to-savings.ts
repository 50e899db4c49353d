import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';

/** POST wallet/savings/deposit { amount } -> 200 with the wallet: the amount moves from the balance into savings. */
export function moveToSavings(amountNaira: number) {
  return api.post<Wallet>('wallet/savings/deposit', { amount: amountNaira });
}

export function useMoveToSavings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveToSavings, onSuccess: ({ data }) => walletChanged(queryClient, data) });
}
