import { queryOptions, useQuery } from '@tanstack/react-query';
import { RESET_FAILED_MESSAGE, type User } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** GET users/me: the signed-in user as the server knows it now. */
export function getCurrentUser(signal?: AbortSignal) {
  return api.get<User>('users/me', undefined, signal).then(({ data }) => data);
}

export const currentUserQueryKey = ['users', 'me'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // SPEC section 8: the current-user call fails with this text.
    meta: { errorMessage: RESET_FAILED_MESSAGE },
  });
}

export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
