import { useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { HELD_WITHDRAWALS_KEY } from './get-held-withdrawals';
import { useSaveMutation } from '../use-save-mutation';

/**
 * POST admin/withdrawals/release { reference } -> the withdrawal, its bank transfer started at once.
 * 409 when it is no longer held (the customer cancelled it, or it was sent).
 */
export function releaseWithdrawal(reference: string) {
  return api.post<AdminWithdrawal>('admin/withdrawals/release', { reference });
}

export function useReleaseWithdrawal() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: releaseWithdrawal,
    // Released or not (a 409 means it left the list meanwhile), the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: HELD_WITHDRAWALS_KEY }),
  });
}
