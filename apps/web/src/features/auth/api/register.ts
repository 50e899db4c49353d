import { useMutation } from '@tanstack/react-query';
import { registerBody, type AuthResult, type Envelope, type RegisterBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';

export { registerBody as registerInputSchema };
export type RegisterInput = RegisterBody;

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
