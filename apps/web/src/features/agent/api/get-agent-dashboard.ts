import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AgentDashboard = {
  open_orders: number;
  in_progress: number;
  delivered_this_week: number;
  delivered_this_month: number;
  /** Naira. */
  earnings_this_month: number;
  /** Naira. */
  earnings_all_time: number;
  /** The last 14 days, oldest first; `day` is YYYY-MM-DD (Lagos time). */
  deliveries_per_day: { day: string; deliveries: number }[];
};

/** GET agents/me/dashboard -> counts, earnings and deliveries per day. */
export function getAgentDashboard(signal?: AbortSignal) {
  return api.get<AgentDashboard>('agents/me/dashboard', undefined, signal).then(({ data }) => data);
}

export const agentDashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agent.dashboard(), queryFn: ({ signal }) => getAgentDashboard(signal) });

export function useAgentDashboard() {
  return useQuery(agentDashboardQueryOptions());
}
