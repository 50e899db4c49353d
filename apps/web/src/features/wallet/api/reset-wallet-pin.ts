import { api } from '@/lib/api-client';

/** POST wallet/pin/reset { token, pin, password } -> 200: a new PIN from the e-mailed link; lifts a lock. */
export function resetWalletPin(input: { token: string; pin: string; password: string }) {
  return api.post<{ pin_set: boolean }>('wallet/pin/reset', input);
}
