import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, TwoFactorLoginBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { currentUserQueryKey } from './get-current-user';

/** POST auth/login/two-factor { challenge_token, code } -> the session, as auth/login gives it. */
export function loginWithCode(input: TwoFactorLoginBody) {
  return api.post<AuthResult>('auth/login/two-factor', input);
}

/** The second sign-in step for admins with two-factor sign-in on. */
export function useLoginWithCode({ onSuccess }: { onSuccess?: (result: AuthResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ data }) => {
      startSession(data);
      queryClient.setQueryData(currentUserQueryKey, data.user);
      onSuccess?.(data);
    },
  });
}
