import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAlertCounts } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET admin/alerts -> { unaccepted_orders, pending_agents }: what the sidebar badges count. An answer
 * of another shape fails as an error (the badges keep their last count), not a crash.
 */
export function getAlertCounts(signal?: AbortSignal): Promise<AdminAlertCounts> {
  return api.get<Partial<AdminAlertCounts> | undefined>('admin/alerts', undefined, signal).then(({ data }) => {
    if (typeof data?.unaccepted_orders !== 'number' || typeof data.pending_agents !== 'number')
      throw new Error('The alert counts could not be read.');
    return { unaccepted_orders: data.unaccepted_orders, pending_agents: data.pending_agents };
  });
}

/**
 * Live events refresh the counts as orders and applications change; an order only grows late with
 * time, and the job's event says so, but another admin's decision on an application does not
 * reach this screen: a look every minute keeps that in step.
 */
export const ALERT_COUNTS_REFRESH_MS = 60_000;

export function alertCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.orders.alertCounts,
    queryFn: ({ signal }) => getAlertCounts(signal),
    staleTime: 0,
    refetchInterval: ALERT_COUNTS_REFRESH_MS,
    // The next look is a minute away at most; retries would only stack up behind it.
    retry: false,
    // A badge that cannot refresh keeps its last count.
    meta: { silent: true },
  });
}

export function useAlertCounts() {
  return useQuery(alertCountsQueryOptions());
}
