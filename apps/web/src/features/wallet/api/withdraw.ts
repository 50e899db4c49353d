import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';

export const WITHDRAWAL_SUBMITTED = 'Withdrawal request have been submitted';

/** `selected_bank` is the id of one of the user's saved bank accounts. */
export type WithdrawInput = { amount: number; selected_bank: number };
export type WithdrawResult = { reference: string; status: string; wallet: Wallet };

/**
 * POST wallet-transactions/withdraw -> 200. The money is held at once and the bank transfer settles
 * later; a failed transfer is credited back.
 */
export function withdraw(input: WithdrawInput) {
  return api.post<WithdrawResult>('wallet-transactions/withdraw', input);
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdraw, onSuccess: ({ data }) => walletChanged(queryClient, data.wallet) });
}
