import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, PhoneCodeBody, User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setSessionUser } from '@/lib/session';

/** POST users/phone-change/verify { code } -> the user with the new number; 422 on `code` when it is wrong or dead. */
export function confirmPhoneChange(input: PhoneCodeBody) {
  return api.post<User>('users/phone-change/verify', input);
}

/** On success the stored (and cached) user is replaced, so every screen shows the new number at once. */
export function useConfirmPhoneChange({ onSuccess }: { onSuccess?: (result: Envelope<User>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneChange,
    onSuccess: (result) => {
      setSessionUser(result.data);
      queryClient.setQueryData(queryKeys.currentUser, result.data);
      onSuccess?.(result);
    },
  });
}
