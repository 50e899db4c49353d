import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentApplyBody, type Agent, type Envelope, type User } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

/** What is sent: the contract's reading of the form (optional fields left empty are left out). */
export type ApplyAgentInput = z.output<typeof agentApplyBody>;
/** The application form checks its fields with the API's own rules. */
export { agentApplyBody as agentApplyFormSchema };
/** The fields as typed. */
export type AgentApplyFormValues = {
  agent_name: string;
  agent_email: string;
  agent_phone: string;
  location_id: string;
};

/** POST agents/store -> 201 'Registration Successful'; 409 when the user has already applied; 422 by field. */
export function applyAgent(input: ApplyAgentInput) {
  return api.post<Agent>('agents/store', input);
}

/** The key the app's session refresh uses for GET users/me (features/auth). */

/**
 * After applying, the stored user is refreshed so the profile shows the application's status at
 * once. A failed refresh is not the application failing: the next start refreshes it anyway.
 */
export function useApplyAgent({ onSuccess }: { onSuccess?: (result: Envelope<Agent>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplyAgentInput) => {
      const result = await applyAgent(input);
      try {
        const { data: user } = await api.get<User>('users/me');
        setSessionUser(user);
        queryClient.setQueryData(queryKeys.currentUser, user);
      } catch {
        // Kept as it was until the next refresh.
      }
      return result;
    },
    onSuccess,
  });
}
