import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { savingsBody } from '@ruwa/contract';
import type { z } from 'zod';
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

export type SavingsFormValues = { amount: string };

/**
 * The contract's rules for a move between the wallet and savings (both directions), plus the one
 * only this screen knows: the amount must fit what the side it leaves holds.
 */
export function savingsFormSchema(availableNaira: number, tooMuchMessage: string) {
  return savingsBody.superRefine(({ amount }, ctx) => {
    if (amount > availableNaira) ctx.addIssue({ code: 'custom', path: ['amount'], message: tooMuchMessage });
  }) as unknown as z.ZodType<{ amount: number }, SavingsFormValues>;
}
