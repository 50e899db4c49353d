import { useMutation } from '@tanstack/react-query';
import type { VerificationSent } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** POST auth/email/send-link -> 200: a link that verifies the address, by e-mail. 429 when asked again too soon. */
export function sendEmailLink() {
  return api.post<VerificationSent>('auth/email/send-link');
}

export function useSendEmailLink() {
  return useMutation({ mutationFn: sendEmailLink });
}
