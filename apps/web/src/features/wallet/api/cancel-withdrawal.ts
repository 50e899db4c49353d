import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawResult } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';

/**
 * POST wallet/withdrawals/cancel { reference } -> 200 with the wallet: a held withdrawal's money goes
 * back to the balance (once, however often it is sent). 409 once its bank transfer has started.
 */
export function cancelWithdrawal(reference: string) {
  return api.post<WithdrawResult>('wallet/withdrawals/cancel', { reference });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (answer) => walletChanged(queryClient, answer.data.wallet),
    // A 409 means it was sent meanwhile: the wallet shown is out of date either way.
    onError: () => walletChanged(queryClient),
  });
}
