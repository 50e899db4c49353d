import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/settings -> the referral, raffle and commission rules. */
export function getSettings(signal?: AbortSignal) {
  return api.get<Settings>('admin/settings', undefined, signal).then(({ data }) => data);
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.settings,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
