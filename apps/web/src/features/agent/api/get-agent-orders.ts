import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentOrder, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** 'open': paid orders in the agent's location for what they sell; 'mine': the ones they accepted. */
export type OrderScope = 'open' | 'mine';

/** GET agents/me/orders?scope=open|mine&page=N -> a page of orders. */
export function getAgentOrders(scope: OrderScope, page: number, signal?: AbortSignal) {
  return api.get<Page<AgentOrder>>('agents/me/orders', { scope, page }, signal).then(({ data }) => data);
}

export const agentOrdersQueryOptions = (scope: OrderScope, page: number) =>
  queryOptions({
    queryKey: queryKeys.agent.orders(scope, page),
    queryFn: ({ signal }) => getAgentOrders(scope, page, signal),
  });

export function useAgentOrders(scope: OrderScope, page: number) {
  return useQuery({ ...agentOrdersQueryOptions(scope, page), placeholderData: keepPreviousData });
}
