import { api } from '@/lib/api-client';
import type { WalletPinState } from '@ruwa/contract/replies';

/** POST wallet/pin { pin, password, current_pin? } -> 200: sets the first PIN, or changes it. */
export function setWalletPin(input: { pin: string; password: string; current_pin?: string }) {
  return api.post<WalletPinState>('wallet/pin', input);
}
