import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositInput } from '@ruwa/contract';
import type { DepositResult } from '@ruwa/contract/replies';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';

export const DEPOSIT_SUCCESSFUL = 'Deposit successful';

export type DepositInput = { amount: number; tx_id: string };
export type DepositFormValues = { amount: string };

/** The contract's deposit rules, typed for the form's text (the schema coerces the amount). */
export const depositFormSchema = depositInput as unknown as z.ZodType<{ amount: number }, DepositFormValues>;

/**
 * POST wallet-transactions/deposit/paystack { amount, tx_id: the payment reference } -> 200. The
 * server verifies the payment itself and credits the wallet once per reference, so a retry is safe.
 */
export function confirmDeposit(input: DepositInput) {
  return api.post<DepositResult>('wallet-transactions/deposit/paystack', input);
}

export function useConfirmDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDeposit,
    onSuccess: ({ data }) => walletChanged(queryClient, data.wallet),
  });
}
