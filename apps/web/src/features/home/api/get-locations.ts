import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

const PER_PAGE = 100;

/** GET location/index?enabled=1 -> the places Ruwa delivers to. */
export function getEnabledLocations(signal?: AbortSignal) {
  return api
    .get<Page<Location>>('location/index', { enabled: true, per_page: PER_PAGE }, signal)
    .then(({ data }) => data.data);
}

/** Shared key: the admin screens invalidate ['locations'] after every change. */
export const enabledLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'enabled'],
    queryFn: ({ signal }) => getEnabledLocations(signal),
  });

export function useEnabledLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...enabledLocationsQueryOptions(), enabled });
}
