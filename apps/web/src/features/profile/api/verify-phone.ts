import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phoneCodeBody, type Envelope, type PhoneCodeBody, type User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setSessionUser } from '@/lib/session';

export type VerifyPhoneInput = PhoneCodeBody;

/** The contract's rules for the code field (six digits, spaces dropped): the schema the API parses with. */
export const verifyPhoneSchema = phoneCodeBody;

/** POST auth/phone/verify { code } -> the user, now with phone_verified; 422 on `code` when it is wrong or dead. */
export function verifyPhone(input: VerifyPhoneInput) {
  return api.post<User>('auth/phone/verify', input);
}

/** On success the stored (and cached) user is replaced by the verified one, so every screen sees it at once. */
export function useVerifyPhone({ onSuccess }: { onSuccess?: (result: Envelope<User>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (result) => {
      setSessionUser(result.data);
      queryClient.setQueryData(queryKeys.currentUser, result.data);
      onSuccess?.(result);
    },
  });
}
