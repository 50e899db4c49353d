import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST auth/email/verify { token } -> 200; 422 on `token` when the link is expired, used or for an older address. */
export function verifyEmail(token: string) {
  return api.post<null>('auth/email/verify', { token });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
