import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatNaira } from '@ruwa/contract/money';
import { withdrawBody } from '@ruwa/contract';
import type { WithdrawResult } from '@ruwa/contract/replies';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { walletChanged } from '@/lib/wallet-query';
import { withWalletPin } from '@/lib/wallet-pin';

export const WITHDRAWAL_SUBMITTED = 'Withdrawal request have been submitted';

/** `selected_bank` is the id of one of the user's saved bank accounts. */
export type WithdrawInput = { amount: number; selected_bank: number };
export type WithdrawFormValues = { selected_bank: string; amount: string };

/**
 * The contract's withdrawal rules, plus what only this screen knows: the chosen account must still
 * be saved (a deleted one counts as none), and the amount must fit the balance shown.
 */
export function withdrawFormSchema(accountIds: readonly number[], balanceNaira: number) {
  return withdrawBody.superRefine(({ selected_bank, amount }, ctx) => {
    if (!accountIds.includes(selected_bank)) {
      ctx.addIssue({ code: 'custom', path: ['selected_bank'], message: 'Please select a bank.' });
    }
    if (amount > balanceNaira) {
      const message = `Insufficient wallet balance: you have ${formatNaira(balanceNaira)} and this needs ${formatNaira(amount)}.`;
      ctx.addIssue({ code: 'custom', path: ['amount'], message });
    }
  }) as unknown as z.ZodType<WithdrawInput, WithdrawFormValues>;
}

/**
 * POST wallet-transactions/withdraw -> 200. The money is held at once and the bank transfer settles
 * later; a failed transfer is credited back. The wallet PIN sheet asks first; null when it was closed.
 */
export function withdraw(input: WithdrawInput) {
  return withWalletPin(
    (pin) => api.post<WithdrawResult>('wallet-transactions/withdraw', { ...input, pin }),
    'withdrawal',
  );
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (answer) => answer && walletChanged(queryClient, answer.data.wallet),
  });
}
