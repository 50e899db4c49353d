import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PeriodTrialBalance } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/ledger/trial-balance/period?from&to -> each account's opening, debits, credits and closing. */
export function getLedgerPeriod(from: string, to: string, signal?: AbortSignal) {
  return api
    .get<PeriodTrialBalance>('admin/ledger/trial-balance/period', { from, to }, signal)
    .then(({ data }) => data);
}

/** Asks only once both days are chosen. */
export function useLedgerPeriod(from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.period(from, to),
      queryFn: ({ signal }) => getLedgerPeriod(from, to, signal),
      enabled: from !== '' && to !== '',
    }),
  );
}
