import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartAccount } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/ledger/accounts -> the chart of accounts, in code order. */
export function getChartOfAccounts(signal?: AbortSignal) {
  return api.get<ChartAccount[]>('admin/ledger/accounts', undefined, signal).then(({ data }) => data);
}

/** The chart changes only with a release: read once a session. */
export function useChartOfAccounts() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.accounts,
      queryFn: ({ signal }) => getChartOfAccounts(signal),
      staleTime: Infinity,
    }),
  );
}
