import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET agents/me -> the signed-in agent's business record (approved agents only). */
export function getMyAgent(signal?: AbortSignal) {
  return api.get<Agent>('agents/me', undefined, signal).then(({ data }) => data);
}

export const myAgentQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.agent.me(), queryFn: ({ signal }) => getMyAgent(signal) });

export function useMyAgent() {
  return useQuery(myAgentQueryOptions());
}
