import { api } from '@/lib/api-client';
import type { WalletPinState } from '@ruwa/contract/replies';

/** POST wallet/pin/reset { token, pin, password } -> 200: a new PIN from the e-mailed link; lifts a lock. */
export function resetWalletPin(input: { token: string; pin: string; password: string }) {
  return api.post<WalletPinState>('wallet/pin/reset', input);
}
