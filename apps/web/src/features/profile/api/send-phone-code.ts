import { useMutation } from '@tanstack/react-query';
import type { VerificationSent } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/**
 * POST auth/phone/send-code -> 200 { sent_to, expires_in_seconds, resend_in_seconds }: a 6-digit code
 * by SMS to the account's number. 429 (with Retry-After) when asked again too soon, 409 when the
 * number is verified already, 502 when the SMS could not be sent.
 */
export function sendPhoneCode() {
  return api.post<VerificationSent>('auth/phone/send-code');
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
