import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

export type RequestPasswordResetInput = { email: string };

/** The contract's resetRequestBody. */
export const requestPasswordResetSchema = lazyZodResolver(() =>
  import('@ruwa/contract').then(({ resetRequestBody }) => resetRequestBody),
);

/**
 * POST auth/password/request/reset. Always answers 200 with the same neutral message, whether or not
 * the email has an account; the reset link travels by email (DESIGN departure 2). 429 when repeated.
 */
export function requestPasswordReset(input: RequestPasswordResetInput) {
  return api.post<unknown>('auth/password/request/reset', input);
}

export function useRequestPasswordReset({ onSuccess }: { onSuccess?: (result: Envelope<unknown>) => void } = {}) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess });
}
