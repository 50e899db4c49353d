import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const BANK_ACCOUNT_REMOVED = 'Bank account removed';

/** POST wallet/delete/bank-details { id } -> 200. */
export function deleteBankDetails(id: number) {
  return api.post<null>('wallet/delete/bank-details', { id });
}

export function useDeleteBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankDetails,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Wallet>(queryKeys.wallet.me(), (wallet) =>
        wallet ? { ...wallet, bank_details: wallet.bank_details.filter((account) => account.id !== id) } : wallet,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() });
    },
  });
}
