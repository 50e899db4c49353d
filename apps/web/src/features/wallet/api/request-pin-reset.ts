import { api } from '@/lib/api-client';

/** POST wallet/pin/reset-request -> 200: e-mails a link for choosing a new PIN. */
export function requestPinReset() {
  return api.post<null>('wallet/pin/reset-request');
}
