import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Commission } from '@ruwa/contract/replies';

/** GET agents/me/rewards?page=N -> a page of commissions, newest first. */
export function getAgentRewards(page: number, signal?: AbortSignal) {
  return api.get<Page<Commission>>('agents/me/rewards', { page }, signal).then(({ data }) => data);
}

export const agentRewardsQueryOptions = (page: number) =>
  queryOptions({ queryKey: queryKeys.agent.rewards(page), queryFn: ({ signal }) => getAgentRewards(page, signal) });

export function useAgentRewards(page: number) {
  return useQuery({ ...agentRewardsQueryOptions(page), placeholderData: keepPreviousData });
}
