import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Location, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { findCached, findInPages } from './find-in-pages';

/** GET location/index?page=N -> a page of locations, enabled or not. */
export function getLocations({ page, per_page }: { page: number; per_page?: number }, signal?: AbortSignal) {
  return api.get<Page<Location>>('location/index', { page, per_page }, signal).then(({ data }) => data);
}

export function locationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.locations.page(page),
    queryFn: ({ signal }) => getLocations({ page }, signal),
  });
}

export function useLocations(page: number) {
  return useQuery({ ...locationsQueryOptions(page), placeholderData: keepPreviousData });
}

/** Every location (one page of the maximum size), for the product form's price list. */
export function useAllLocations() {
  return useQuery({
    queryKey: queryKeys.locations.every(),
    queryFn: ({ signal }) => getLocations({ page: 1, per_page: 100 }, signal).then((page) => page.data),
  });
}

/** One location for the edit screen: from a cached table page, else found by walking the pages. */
export function useAdminLocation(id: number | null, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.locations.one(id),
    queryFn: ({ signal }) =>
      findCached<Location>(queryClient, queryKeys.locations.list, id!) ??
      findInPages<Location>('location/index', id!, {}, signal),
    enabled: enabled && id !== null,
  });
}
