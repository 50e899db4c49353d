import type { AuthResult, TwoFactorLoginBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** POST auth/login/two-factor { challenge_token, code } -> the session, as auth/login gives it. */
export function loginWithCode(input: TwoFactorLoginBody) {
  return api.post<AuthResult>('auth/login/two-factor', input);
}
