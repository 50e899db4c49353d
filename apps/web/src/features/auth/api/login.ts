import type { AuthResult, LoginBody, TwoFactorChallenge } from '@ruwa/contract';
import { api } from '@/lib/api-client';

export type LoginInput = LoginBody;

/**
 * The contract's loginBody, downloaded when the user starts on the form: the contract module carries
 * zod (about 22 KB gzip), which the login screen, often the first thing a new phone loads, should
 * not wait for.
 */
export const loadLoginBody = () => import('@ruwa/contract').then(({ loginBody }) => loginBody);

/**
 * POST auth/login -> { access_token, token_type, expires_at, user }, or a two-factor challenge for an
 * admin who turned it on.
 */
export function login(input: LoginInput) {
  return api.post<AuthResult | TwoFactorChallenge>('auth/login', input);
}

/** Checked inline: the contract's runtime helpers would pull zod into the first load. */
export function isChallenge(result: AuthResult | TwoFactorChallenge): result is TwoFactorChallenge {
  return 'challenge_token' in result;
}
