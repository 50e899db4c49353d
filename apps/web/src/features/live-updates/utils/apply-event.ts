import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@ruwa/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cached answers each event makes out of date. Invalidating refetches the queries on screen at
 * once and marks the rest stale; a key nobody has fetched costs nothing, so one list serves every role.
 */
export function keysChangedBy(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case 'order.available':
      return [queryKeys.agent.all, queryKeys.admin.orders.all];
    case 'order.updated':
      return [
        queryKeys.orders.all,
        queryKeys.agent.all,
        queryKeys.admin.orders.all,
        queryKeys.notifications.all,
        // A refund lands in the wallet.
        ...(event.payload.status === 'refunded' ? [queryKeys.wallet.all] : []),
      ];
    case 'order.dispatched':
    case 'order.withdrawn':
      return [queryKeys.agent.all, queryKeys.notifications.all];
    case 'order.unaccepted':
      return [queryKeys.admin.orders.all, queryKeys.notifications.all];
    case 'orders.returned':
      return [queryKeys.admin.orders.all, queryKeys.admin.agents.all];
    case 'agent.applied':
      return [queryKeys.admin.agents.all, queryKeys.admin.orders.alertCounts, queryKeys.notifications.all];
  }
}

/** Everything live events keep fresh: refetched after the stream was lost, whatever was missed. */
export const LIVE_KEYS: QueryKey[] = [
  queryKeys.orders.all,
  queryKeys.agent.all,
  queryKeys.admin.orders.all,
  queryKeys.notifications.all,
  queryKeys.admin.agents.all,
];

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  for (const queryKey of keysChangedBy(event)) void queryClient.invalidateQueries({ queryKey });
}
