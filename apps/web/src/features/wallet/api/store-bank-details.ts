import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetail, Wallet } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const BANK_DETAILS_STORED = 'Bank details have been stored';
/** The data is reloaded 3 seconds after a save. */
export const BANK_DETAILS_RELOAD_DELAY_MS = 3000;

/**
 * `bank_name` carries the bank's code (e.g. '033'), as the API expects. No name is sent: the server
 * keeps the bank's name for the account.
 */
export type StoreBankDetailsInput = {
  account_number: string;
  bank_name: string;
};

/** POST wallet/store/bank-details -> 200 with the saved account (its resolved account name). */
export function storeBankDetails(input: StoreBankDetailsInput) {
  return api.post<BankDetail>('wallet/store/bank-details', input);
}

export function useStoreBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeBankDetails,
    onSuccess: ({ data: account }) => {
      // The new account can be picked at once; the reload after 3 s brings the server's list.
      queryClient.setQueryData<Wallet>(queryKeys.wallet.me(), (wallet) =>
        wallet && !wallet.bank_details.some((saved) => saved.id === account.id)
          ? { ...wallet, bank_details: [...wallet.bank_details, account] }
          : wallet,
      );
      // Not tied to the screen: the reload still happens if the user moves on meanwhile.
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.me() }),
        BANK_DETAILS_RELOAD_DELAY_MS,
      );
    },
  });
}
