import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET auth/two-factor -> whether the signed-in admin has two-factor sign-in on. */
export function getTwoFactor(signal?: AbortSignal) {
  return api.get<TwoFactorStatus>('auth/two-factor', undefined, signal).then(({ data }) => data);
}

export function useTwoFactor() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.admin.twoFactor, queryFn: ({ signal }) => getTwoFactor(signal), staleTime: 0 }),
  );
}
