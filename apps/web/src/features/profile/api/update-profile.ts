import { useMutation } from '@tanstack/react-query';
import { updateProfileBody, type Envelope, type UpdateProfileBody, type User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/session';

export { updateProfileBody as updateProfileInputSchema };
export type UpdateProfileInput = UpdateProfileBody;

/** POST users/update { first_name, last_name, email, phone_number, base64_photos? } -> the user. */
export function updateProfile(input: UpdateProfileInput) {
  return api.post<User>('users/update', input);
}

/** On success the stored user is overwritten with the one the server returned. */
export function useUpdateProfile({ onSuccess }: { onSuccess?: (result: Envelope<User>) => void } = {}) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      setSessionUser(result.data);
      onSuccess?.(result);
    },
  });
}
