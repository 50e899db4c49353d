import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';
import { withWalletPin } from '@/lib/wallet-pin';

/**
 * POST wallet/savings/withdraw { amount, pin } -> 200 with the wallet: the amount moves from savings
 * back to the balance. The wallet PIN sheet asks first; null when it was closed.
 */
export function moveFromSavings(amountNaira: number) {
  return withWalletPin(
    (pin) => api.post<Wallet>('wallet/savings/withdraw', { amount: amountNaira, pin }),
    'savings_withdrawal',
  );
}

export function useMoveFromSavings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveFromSavings,
    onSuccess: (answer) => answer && walletChanged(queryClient, answer.data),
  });
}
