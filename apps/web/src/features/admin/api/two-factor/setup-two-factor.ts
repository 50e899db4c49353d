import { useSaveMutation } from '../use-save-mutation';
import type { TwoFactorSetup } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** POST auth/two-factor/setup -> { otpauth_url, secret, qr_code }: shown once, until confirmed. */
export function setupTwoFactor() {
  return api.post<TwoFactorSetup>('auth/two-factor/setup', {});
}

export function useSetupTwoFactor() {
  return useSaveMutation({ mutationFn: setupTwoFactor });
}
