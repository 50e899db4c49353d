import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountJournal, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/ledger/account-journals?code&from&to&page -> one account's journals, oldest first. */
export function getAccountJournals(code: string, from: string, to: string, page: number, signal?: AbortSignal) {
  const query = { code, page, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return api.get<Page<AccountJournal>>('admin/ledger/account-journals', query, signal).then(({ data }) => data);
}

export function useAccountJournals(code: string, from: string, to: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.accountJournals(code, from, to, page),
      queryFn: ({ signal }) => getAccountJournals(code, from, to, page, signal),
      enabled: code !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
