import { useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { WITHDRAWALS_KEY } from './get-withdrawals';
import { useSaveMutation } from '../use-save-mutation';

/**
 * POST admin/withdrawals/approve { reference } -> the withdrawal, its bank transfer started (once:
 * approving again answers it as it is). 403 for the admin's own withdrawal, 409 once cancelled.
 */
export function approveWithdrawal(reference: string) {
  return api.post<AdminWithdrawal>('admin/withdrawals/approve', { reference });
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: approveWithdrawal,
    // Approved or not (a 409 means it was cancelled meanwhile), the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY }),
  });
}
