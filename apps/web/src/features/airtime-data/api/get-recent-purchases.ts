import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, VtuPurchase } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Enough history to find a handful of different numbers among repeated top-ups. */
export const RECENT_PER_PAGE = 30;

/** GET vtu/me?page=&per_page= -> the user's airtime and data purchases, newest first. */
export function getMyPurchases(page: number, perPage: number, signal?: AbortSignal) {
  return api.get<Page<VtuPurchase>>('vtu/me', { page, per_page: perPage }, signal).then(({ data }) => data);
}

export const recentPurchasesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.vtu.recent(),
    queryFn: ({ signal }) => getMyPurchases(1, RECENT_PER_PAGE, signal).then((page) => page.data),
    meta: { silent: true },
  });

export function useRecentPurchases() {
  return useQuery(recentPurchasesQueryOptions());
}
