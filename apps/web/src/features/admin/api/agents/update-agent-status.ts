import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { agentDecisionBody, type Agent } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AgentDecision = 'approved' | 'rejected' | 'suspended';
export type UpdateAgentStatusInput = { id: number; status: AgentDecision; note?: string };

/** The decision dialog's note, checked with the API's rule; an empty note is left out. */
export const decisionFormSchema = z.object({ note: agentDecisionBody.shape.note.unwrap() });
export type DecisionFormValues = z.input<typeof decisionFormSchema>;

/** POST agents/update-status { id, status, note? } -> the agent; the applicant is notified. */
export function updateAgentStatus(input: UpdateAgentStatusInput) {
  return api.post<Agent>('agents/update-status', input);
}

export function useUpdateAgentStatus() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateAgentStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.agents.all }),
        // The dashboard counts pending applications.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard.all }),
        // So does the Agents badge.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.alertCounts }),
      ]),
  });
}
