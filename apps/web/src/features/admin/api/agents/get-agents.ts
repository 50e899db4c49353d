import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent, AgentStatus, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type GetAgentsInput = { page: number; status?: AgentStatus };

/** GET agents/index?status=&page= -> a page of agents (all statuses when none is given). */
export function getAgents({ page, status }: GetAgentsInput, signal?: AbortSignal) {
  return api.get<Page<Agent>>('agents/index', { page, status }, signal).then(({ data }) => data);
}

export function agentsQueryOptions(input: GetAgentsInput) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.page(input.status ?? 'all', input.page),
    queryFn: ({ signal }) => getAgents(input, signal),
  });
}

export function useAgents(input: GetAgentsInput) {
  return useQuery({ ...agentsQueryOptions(input), placeholderData: keepPreviousData });
}
