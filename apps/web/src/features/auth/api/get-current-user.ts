import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET users/me: the signed-in user as the server knows it now. */
export function getCurrentUser(signal?: AbortSignal) {
  return api.get<User>('users/me', undefined, signal).then(({ data }) => data);
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    // A rejected token (401) ends the session with 'User not found or token has expired' (see
    // app/session-expiry.ts); any other failure shows the server's message.
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
