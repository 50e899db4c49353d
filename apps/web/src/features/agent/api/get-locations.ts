import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** GET location/index?enabled=1&per_page=100 -> the places Ruwa delivers to. */
export function getEnabledLocations(signal?: AbortSignal) {
  return api
    .get<Page<Location>>('location/index', { enabled: true, per_page: 100 }, signal)
    .then(({ data }) => data.data);
}

/** The same key (and answer) as the home screen's location list, so the two share the cache. */
export const enabledLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'enabled'],
    queryFn: ({ signal }) => getEnabledLocations(signal),
  });

export function useEnabledLocations() {
  return useQuery(enabledLocationsQueryOptions());
}
