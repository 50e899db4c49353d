import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnWithdrawal, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** GET wallet/withdrawals/me -> the agent's latest withdrawals of their earnings, newest first. */
export function getAgentPayouts(signal?: AbortSignal) {
  return api.get<Page<OwnWithdrawal>>('wallet/withdrawals/me', { per_page: 10 }, signal).then(({ data }) => data);
}

/** Under the agent's keys, so every agent action refreshes it too. */
export const agentPayoutsQueryOptions = () =>
  queryOptions({ queryKey: ['agent', 'payouts'] as const, queryFn: ({ signal }) => getAgentPayouts(signal) });

export function useAgentPayouts() {
  return useQuery(agentPayoutsQueryOptions());
}
