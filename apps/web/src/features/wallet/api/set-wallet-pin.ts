import { api } from '@/lib/api-client';

/** POST wallet/pin { pin, password, current_pin? } -> 200: sets the first PIN, or changes it. */
export function setWalletPin(input: { pin: string; password: string; current_pin?: string }) {
  return api.post<{ pin_set: boolean }>('wallet/pin', input);
}
