import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@ruwa/contract';
import { queryKeys } from '@/lib/query-keys';
import { applyLiveEvent } from './apply-event';

const cached = () => {
  const client = new QueryClient();
  const keys = {
    agentOpen: queryKeys.agent.orders('open', 1),
    myOrders: queryKeys.orders.myOrders(1),
    orderDetail: queryKeys.orders.one(3),
    adminOrders: queryKeys.admin.orders.list({ page: 1 }),
    agents: queryKeys.admin.agents.page('all', 1),
    wallet: queryKeys.wallet.all,
    alertCounts: queryKeys.admin.orders.alertCounts,
    notifications: queryKeys.notifications.unreadCount(),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
};

describe('what each live event refreshes', () => {
  it('a new order in the area: the agent’s open orders and the admin list', () => {
    const { client, stale } = cached();
    const event = {
      id: '1',
      type: 'order.available',
      payload: { id: 3, location_id: 1, location_name: 'Lekki', kind: 'gas', product_name: 'Gas', quantity: 1 },
    } satisfies LiveEvent;
    applyLiveEvent(client, event);
    expect(stale()).toEqual(['adminOrders', 'agentOpen', 'alertCounts']);
  });

  it('a status change: the customer’s list and detail, the agent’s lists and the admin list', () => {
    const { client, stale } = cached();
    applyLiveEvent(client, { id: '2', type: 'order.updated', payload: { id: 3, status: 'assigned' } });
    expect(stale()).toEqual(['adminOrders', 'agentOpen', 'alertCounts', 'myOrders', 'notifications', 'orderDetail']);
  });

  it('a refund: the wallet too', () => {
    const { client, stale } = cached();
    applyLiveEvent(client, { id: '5', type: 'order.updated', payload: { id: 3, status: 'refunded' } });
    expect(stale()).toContain('wallet');
  });

  it('admins’ alerts: the orders list and badge for an unaccepted order, the agents list and badge for an application, and their notifications', () => {
    const unaccepted = cached();
    applyLiveEvent(unaccepted.client, {
      id: '3',
      type: 'order.unaccepted',
      payload: { id: 3, location_id: 1, location_name: 'Lekki', minutes: 15 },
    });
    expect(unaccepted.stale()).toEqual(['adminOrders', 'alertCounts', 'notifications']);
    const applied = cached();
    applyLiveEvent(applied.client, { id: '4', type: 'agent.applied', payload: { id: 9, business_name: 'Ruwa Gas' } });
    expect(applied.stale()).toEqual(['agents', 'alertCounts', 'notifications']);
  });
});
