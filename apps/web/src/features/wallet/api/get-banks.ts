import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Bank } from '@ruwa/contract/replies';

/** GET banks -> the banks a withdrawal can go to, [{ name, code }]. */
export function getBanks(signal?: AbortSignal) {
  return api.get<Bank[]>('banks', undefined, signal).then(({ data }) => data);
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.banks.list(),
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: 60 * 60_000,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
