import { useMutation } from '@tanstack/react-query';
import { resetBody, type Envelope, type ResetBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';

export { resetBody as resetPasswordInputSchema };
export type ResetPasswordInput = ResetBody;

/** POST auth/password/reset { new_password, confirm_password, token }; 422 when the token is bad. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post<unknown>('auth/password/reset', input);
}

export function useResetPassword({ onSuccess }: { onSuccess?: (result: Envelope<unknown>) => void } = {}) {
  return useMutation({ mutationFn: resetPassword, onSuccess });
}
