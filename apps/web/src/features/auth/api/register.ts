import { useMutation } from '@tanstack/react-query';
import type { AuthResult, Envelope, RegisterBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

export type RegisterInput = RegisterBody;

/** The contract's registerBody (the server applies the same rules and reports them by field). */
export const registerSchema = lazyZodResolver(() => import('@ruwa/contract').then(({ registerBody }) => registerBody));

/** POST auth/register -> 201 { access_token, ..., user }; 422 with errors keyed by payload field. */
export function register(input: RegisterInput) {
  return api.post<AuthResult>('auth/register', input);
}

/**
 * The spec sends the new user to the login screen after registering, so the returned token is not
 * kept: the user signs in there (with the email prefilled).
 */
export function useRegister({ onSuccess }: { onSuccess?: (result: Envelope<AuthResult>) => void } = {}) {
  return useMutation({ mutationFn: register, onSuccess });
}
