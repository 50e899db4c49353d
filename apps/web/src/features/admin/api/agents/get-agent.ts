import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAgentDetail } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/agents/show?id=N -> the agent, the person behind it, held orders, deliveries and commission. */
export function getAgent(id: number, signal?: AbortSignal) {
  return api.get<AdminAgentDetail>('admin/agents/show', { id }, signal).then(({ data }) => data);
}

export function agentQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.one(id),
    queryFn: ({ signal }) => getAgent(id, signal),
    staleTime: 0,
  });
}

export function useAgent(id: number) {
  return useQuery(agentQueryOptions(id));
}
