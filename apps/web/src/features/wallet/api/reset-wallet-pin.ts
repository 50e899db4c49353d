import { api } from '@/lib/api-client';
import type { WalletPinState } from '@ruwa/contract/replies';

/** What proves the reset: the e-mailed link's token, or the code texted to the verified phone. */
export type PinResetProof = { token: string } | { code: string };

/**
 * POST wallet/pin/reset { token | code, pin, password } -> 200: a new PIN from the e-mailed link or
 * the SMS code; lifts a lock.
 */
export function resetWalletPin(input: PinResetProof & { pin: string; password: string }) {
  return api.post<WalletPinState>('wallet/pin/reset', input);
}
