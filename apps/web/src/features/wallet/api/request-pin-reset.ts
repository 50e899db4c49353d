import { api } from '@/lib/api-client';
import type { PinResetSent } from '@ruwa/contract/replies';

/**
 * POST wallet/pin/reset-request -> 200 { sent_to }: a link for choosing a new PIN to the verified
 * e-mail, or (the e-mail unverified) a 6-digit code by SMS to the verified phone; the message says which.
 */
export function requestPinReset() {
  return api.post<PinResetSent>('wallet/pin/reset-request');
}
