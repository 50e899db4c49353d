import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/**
 * GET product/category/index?enabled=1 -> the enabled categories. The results screen reads it only
 * when opened from its address (no navigation state), to learn the category's name and kind. Same
 * key as the home screen's query, so the two share one cached answer.
 */
export function getEnabledCategories(signal?: AbortSignal) {
  return api
    .get<Page<Category>>('product/category/index', { enabled: true, per_page: 100 }, signal)
    .then(({ data }) => data.data);
}

export const enabledCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories', 'enabled'],
    queryFn: ({ signal }) => getEnabledCategories(signal),
  });

export function useEnabledCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...enabledCategoriesQueryOptions(), enabled });
}
