import { useMutation } from '@tanstack/react-query';
import type { Envelope, ResetBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

export type ResetPasswordInput = ResetBody;

/** The contract's resetBody. */
export const resetPasswordSchema = lazyZodResolver(() => import('@ruwa/contract').then(({ resetBody }) => resetBody));

/** POST auth/password/reset { new_password, confirm_password, token }; 422 when the token is bad. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post<unknown>('auth/password/reset', input);
}

export function useResetPassword({ onSuccess }: { onSuccess?: (result: Envelope<unknown>) => void } = {}) {
  return useMutation({ mutationFn: resetPassword, onSuccess });
}
