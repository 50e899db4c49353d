import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@ruwa/contract';
import { agentsListKey } from '@/features/admin/api/agents/agents-keys';
import { adminOrderKeys } from '@/features/admin/api/orders/admin-order';
import { agentKeys } from '@/features/agent/api/agent-keys';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { orderKeys } from '@/features/orders/api/order-keys';
import { walletKeys } from '@/features/wallet/api/wallet-keys';

/**
 * The cached answers each event makes out of date. Invalidating refetches the queries on screen at
 * once and marks the rest stale; a key nobody has fetched costs nothing, so one list serves every role.
 */
export function keysChangedBy(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case 'order.available':
      return [agentKeys.all, adminOrderKeys.all];
    case 'order.updated':
      return [
        orderKeys.all,
        agentKeys.all,
        adminOrderKeys.all,
        notificationKeys.all,
        // A refund lands in the wallet.
        ...(event.payload.status === 'refunded' ? [walletKeys.all] : []),
      ];
    case 'order.unaccepted':
      return [adminOrderKeys.all];
    case 'agent.applied':
      return [agentsListKey];
  }
}

/** Everything live events keep fresh: refetched after the stream was lost, whatever was missed. */
export const LIVE_KEYS: QueryKey[] = [
  orderKeys.all,
  agentKeys.all,
  adminOrderKeys.all,
  notificationKeys.all,
  agentsListKey,
];

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  for (const queryKey of keysChangedBy(event)) void queryClient.invalidateQueries({ queryKey });
}
