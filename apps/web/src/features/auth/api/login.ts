import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, LoginBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { startSession } from '@/lib/session';
import { currentUserQueryKey } from './get-current-user';

export type LoginInput = LoginBody;

/** The contract's loginBody, validated in the form before sending. */
export const loginSchema = lazyZodResolver(() => import('@ruwa/contract').then(({ loginBody }) => loginBody));

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
