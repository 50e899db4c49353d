import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Location, Page } from '@ruwa/contract';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The catalogue is small: one page of the maximum size holds every enabled category or location. */
const PER_PAGE = 100;

/** GET product/category/index?enabled=1 -> the categories a customer can choose from. */
export function getEnabledCategories(signal?: AbortSignal) {
  return api
    .get<Page<Category>>('product/category/index', { enabled: true, per_page: PER_PAGE }, signal)
    .then(({ data }) => data.data);
}

/** One cached answer for every screen; the admin screens invalidate it after every change. */
export const enabledCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.enabled(),
    queryFn: ({ signal }) => getEnabledCategories(signal),
  });

export function useEnabledCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...enabledCategoriesQueryOptions(), enabled });
}

/** GET location/index?enabled=1 -> the places Ruwa delivers to. */
export function getEnabledLocations(signal?: AbortSignal) {
  return api
    .get<Page<Location>>('location/index', { enabled: true, per_page: PER_PAGE }, signal)
    .then(({ data }) => data.data);
}

export const enabledLocationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.locations.enabled(),
    queryFn: ({ signal }) => getEnabledLocations(signal),
  });

export function useEnabledLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...enabledLocationsQueryOptions(), enabled });
}
