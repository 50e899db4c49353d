import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, Envelope } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

export type ChangePasswordInput = ChangePasswordBody;

/** The contract's changePasswordBody. */
export const changePasswordSchema = lazyZodResolver(() =>
  import('@ruwa/contract').then(({ changePasswordBody }) => changePasswordBody),
);

/**
 * POST auth/password/change { current_password, new_password, confirm_password }: every other
 * session of the account ends; this one stays signed in.
 */
export function changePassword(input: ChangePasswordInput) {
  return api.post<null>('auth/password/change', input);
}

export function useChangePassword({ onSuccess }: { onSuccess?: (result: Envelope<null>) => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess });
}
