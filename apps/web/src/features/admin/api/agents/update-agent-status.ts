import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AgentDecision = 'approved' | 'rejected' | 'suspended';
export type UpdateAgentStatusInput = { id: number; status: AgentDecision; note?: string };

/** POST agents/update-status { id, status, note? } -> the agent; the applicant is notified. */
export function updateAgentStatus(input: UpdateAgentStatusInput) {
  return api.post<Agent>('agents/update-status', input);
}

export function useUpdateAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.agents.all }),
        // The dashboard counts pending applications.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard.all }),
      ]),
  });
}
