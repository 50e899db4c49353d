import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginBody, type AuthResult, type LoginBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { currentUserQueryKey } from './get-current-user';

export { loginBody as loginInputSchema };
export type LoginInput = LoginBody;

/** POST auth/login -> { access_token, token_type, expires_at, user } */
export function login(input: LoginInput) {
  return api.post<AuthResult>('auth/login', input);
}

/** Signs in and stores the token and user (SPEC section 4). */
export function useLogin({ onSuccess }: { onSuccess?: (result: AuthResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      startSession(data);
      queryClient.setQueryData(currentUserQueryKey, data.user);
      onSuccess?.(data);
    },
  });
}
