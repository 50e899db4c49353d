import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import type { TwoFactorConfirmBody, TwoFactorEnabled } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST auth/two-factor/confirm { code } -> { recovery_codes }: turns it on. */
export function confirmTwoFactor(input: TwoFactorConfirmBody) {
  return api.post<TwoFactorEnabled>('auth/two-factor/confirm', input);
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: ({ data }) =>
      queryClient.setQueryData(queryKeys.admin.twoFactor, {
        enabled: true,
        recovery_codes_left: data.recovery_codes.length,
      }),
  });
}
