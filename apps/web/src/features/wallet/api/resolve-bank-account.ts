import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ResolvedAccount } from '@ruwa/contract/replies';

export const ACCOUNT_NUMBER_PATTERN = /^\d{10}$/;

/** GET banks/resolve?account_number=&bank_code= -> the account's name at the bank (422 if unknown). */
export function resolveBankAccount(accountNumber: string, bankCode: string, signal?: AbortSignal) {
  return api
    .get<ResolvedAccount>('banks/resolve', { account_number: accountNumber, bank_code: bankCode }, signal)
    .then(({ data }) => data);
}

export function resolveBankAccountQueryOptions(accountNumber: string, bankCode: string) {
  return queryOptions({
    queryKey: queryKeys.banks.resolve(accountNumber, bankCode),
    queryFn: ({ signal }) => resolveBankAccount(accountNumber, bankCode, signal),
    staleTime: 10 * 60_000,
    // The add-bank form shows the answer (or the failure) beside the fields.
    meta: { silent: true },
  });
}

/** Resolves once the number has 10 digits and a bank is chosen. */
export function useResolveBankAccount(accountNumber: string, bankCode: string) {
  return useQuery({
    ...resolveBankAccountQueryOptions(accountNumber, bankCode),
    enabled: ACCOUNT_NUMBER_PATTERN.test(accountNumber) && bankCode !== '',
  });
}
