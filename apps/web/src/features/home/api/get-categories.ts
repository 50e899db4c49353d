import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/** The catalogue is small; one page of the maximum size holds every enabled category. */
const PER_PAGE = 100;

/** GET product/category/index?enabled=1 -> the categories a customer can choose from. */
export function getEnabledCategories(signal?: AbortSignal) {
  return api
    .get<Page<Category>>('product/category/index', { enabled: true, per_page: PER_PAGE }, signal)
    .then(({ data }) => data.data);
}

/** Shared key: the admin screens invalidate ['categories'] after every change. */
export const enabledCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories', 'enabled'],
    queryFn: ({ signal }) => getEnabledCategories(signal),
  });

export function useEnabledCategories() {
  return useQuery(enabledCategoriesQueryOptions());
}
