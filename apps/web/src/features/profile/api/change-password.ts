import { useMutation } from '@tanstack/react-query';
import { changePasswordBody, type ChangePasswordBody, type Envelope } from '@ruwa/contract';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = ChangePasswordBody;

/** The contract's rules for the form: the same schema the API parses the body with. */
export const changePasswordSchema = changePasswordBody;

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
