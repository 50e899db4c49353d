import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET users/me -> the user, whose referral_rewards is the total earned from referrals, in naira. */
export function getReferralTotal(signal?: AbortSignal) {
  return api.get<User>('users/me', undefined, signal).then(({ data }) => data.referral_rewards);
}

export function referralTotalQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.rewards.total(),
    queryFn: ({ signal }) => getReferralTotal(signal),
    // Rewards arrive as referred users buy: always show the latest total on entry.
    staleTime: 0,
  });
}

export function useReferralTotal() {
  return useQuery(referralTotalQueryOptions());
}
