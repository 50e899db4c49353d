import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { twoFactorDisableBody, type TwoFactorDisableBody } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The turn-off form: both fields as typed, an empty one left out, then the API's own rule (a code
 * or the password). A code, when typed, is what is sent.
 */
export const disableTwoFactorFormSchema = z
  .object({ code: z.string(), password: z.string() })
  .transform(({ code, password }): TwoFactorDisableBody => (code.trim() ? { code } : password ? { password } : {}))
  .pipe(twoFactorDisableBody);
export type DisableTwoFactorFormValues = z.input<typeof disableTwoFactorFormSchema>;

/** POST auth/two-factor/disable { code } or { password }: turns it off. */
export function disableTwoFactor(input: TwoFactorDisableBody) {
  return api.post<null>('auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.setQueryData(queryKeys.admin.twoFactor, { enabled: false, recovery_codes_left: 0 }),
  });
}
