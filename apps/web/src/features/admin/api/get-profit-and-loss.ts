import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfitAndLoss } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/ledger/profit-and-loss?from&to -> revenue and expense accounts, their totals and the net. */
export function getProfitAndLoss(from: string, to: string, signal?: AbortSignal) {
  return api.get<ProfitAndLoss>('admin/ledger/profit-and-loss', { from, to }, signal).then(({ data }) => data);
}

export function useProfitAndLoss(from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.profitAndLoss(from, to),
      queryFn: ({ signal }) => getProfitAndLoss(from, to, signal),
      enabled: from !== '' && to !== '',
    }),
  );
}
