import { useQueryClient } from '@tanstack/react-query';
import { adminAgentAreasBody, type Agent } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSaveMutation } from '../use-save-mutation';

export type UpdateAgentAreasInput = z.input<typeof adminAgentAreasBody>;

/** The form's rules are the API's: at least one area, each kind on or off. */
export const agentAreasFormSchema = adminAgentAreasBody.omit({ id: true });

/** POST admin/agents/update-areas { id, location_ids, sells_* } -> the agent; audited, the agent is told. */
export function updateAgentAreas(input: UpdateAgentAreasInput) {
  return api.post<Agent>('admin/agents/update-areas', input);
}

export function useUpdateAgentAreas() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateAgentAreas,
    // The list shows each agent's areas; dispatch pickers follow them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.agents.all }),
  });
}
