import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentApplyBody, type Agent, type Envelope, type User } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

/** Optional fields are left out when empty (the API checks a phone number's form if one is sent). */
export type ApplyAgentInput = {
  agent_name: string;
  agent_email: string;
  agent_phone?: string;
  location_id?: number;
};

/**
 * The application form: every field as typed, checked with the API's own rules; an optional field
 * left empty is left out rather than checked.
 */
export const agentApplyFormSchema = z
  .object({ agent_name: z.string(), agent_email: z.string(), agent_phone: z.string(), location_id: z.string() })
  .transform(({ agent_phone, location_id, ...required }): z.input<typeof agentApplyBody> => ({
    ...required,
    ...(agent_phone.trim() ? { agent_phone } : {}),
    ...(location_id ? { location_id } : {}),
  }))
  .pipe(agentApplyBody);
export type AgentApplyFormValues = z.input<typeof agentApplyFormSchema>;

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
