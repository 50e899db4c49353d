import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisableBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST auth/two-factor/disable { code } or { password }: turns it off. */
export function disableTwoFactor(input: TwoFactorDisableBody) {
  return api.post<null>('auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.setQueryData(queryKeys.admin.twoFactor, { enabled: false, recovery_codes_left: 0 }),
  });
}
