import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, LoginBody, TwoFactorChallenge } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { startSession } from '@/lib/session';
import { currentUserQueryKey } from './get-current-user';

export type LoginInput = LoginBody;

/** The contract's loginBody, validated in the form before sending. */
export const loginSchema = lazyZodResolver(() => import('@ruwa/contract').then(({ loginBody }) => loginBody));

/**
 * POST auth/login -> { access_token, token_type, expires_at, user }, or a two-factor challenge for an
 * admin who turned it on.
 */
export function login(input: LoginInput) {
  return api.post<AuthResult | TwoFactorChallenge>('auth/login', input);
}

type LoginCallbacks = {
  onSuccess?: (result: AuthResult) => void;
  onChallenge?: (challenge: TwoFactorChallenge) => void;
};

/** Signs in and stores the token and user. */
export function useLogin({ onSuccess, onChallenge }: LoginCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      // Checked inline: the contract's runtime helpers would pull zod into the first load.
      if ('challenge_token' in data) return onChallenge?.(data);
      startSession(data);
      queryClient.setQueryData(currentUserQueryKey, data.user);
      onSuccess?.(data);
    },
  });
}
