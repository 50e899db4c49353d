import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ReferralReward } from '@ruwa/contract/replies';

/** GET users/me/referral-rewards?page=N -> a page of the user's referral bonuses, newest first. */
export function getReferralRewards(page: number, signal?: AbortSignal) {
  return api.get<Page<ReferralReward>>('users/me/referral-rewards', { page }, signal).then(({ data }) => data);
}

export function referralRewardsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.rewards.referralsPage(page),
    queryFn: ({ signal }) => getReferralRewards(page, signal),
    staleTime: 0,
  });
}

export function useReferralRewards(page: number) {
  return useQuery({ ...referralRewardsQueryOptions(page), placeholderData: keepPreviousData });
}
