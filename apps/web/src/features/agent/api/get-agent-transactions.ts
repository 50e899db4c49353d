import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentOrder, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET agents/me/transactions?page=N -> a page of the orders the agent took on (their deliveries). */
export function getAgentTransactions(page: number, signal?: AbortSignal) {
  return api.get<Page<AgentOrder>>('agents/me/transactions', { page }, signal).then(({ data }) => data);
}

export const agentTransactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.agent.transactions(page),
    queryFn: ({ signal }) => getAgentTransactions(page, signal),
  });

export function useAgentTransactions(page: number) {
  return useQuery({ ...agentTransactionsQueryOptions(page), placeholderData: keepPreviousData });
}
