import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentUpdateBody, type Agent, type Envelope } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The contract's rules, which the settings forms reuse (each form sends only its own fields). */
export { agentUpdateBody as updateMyAgentInputSchema };
export type UpdateMyAgentInput = z.input<typeof agentUpdateBody>;

/** POST agents/update { any of the business fields, the selling switches, cac_number, base64_photos } -> 'Settings saved'. */
export function updateMyAgent(input: UpdateMyAgentInput) {
  return api.post<Agent>('agents/update', input);
}

export function useUpdateMyAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyAgent,
    onSuccess: (result: Envelope<Agent>) => {
      queryClient.setQueryData(queryKeys.agent.me(), result.data);
      // What the agent sells and where decides which open orders they see.
      void queryClient.invalidateQueries({ queryKey: queryKeys.agent.all });
    },
  });
}
