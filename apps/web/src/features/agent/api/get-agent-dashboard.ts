import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AgentDashboard } from '@ruwa/contract/replies';

/** GET agents/me/dashboard -> counts, earnings and deliveries per day. */
export function getAgentDashboard(signal?: AbortSignal) {
  return api.get<AgentDashboard>('agents/me/dashboard', undefined, signal).then(({ data }) => data);
}

export const agentDashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agent.dashboard(), queryFn: ({ signal }) => getAgentDashboard(signal) });

export function useAgentDashboard() {
  return useQuery(agentDashboardQueryOptions());
}
