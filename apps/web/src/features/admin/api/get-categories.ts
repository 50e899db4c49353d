import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { findCached, findInPages } from './find-in-pages';

/** GET product/category/index?page=N -> a page of categories, enabled or not. */
export function getCategories({ page }: { page: number }, signal?: AbortSignal) {
  return api.get<Page<Category>>('product/category/index', { page }, signal).then(({ data }) => data);
}

export function categoriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.categories.page(page),
    queryFn: ({ signal }) => getCategories({ page }, signal),
  });
}

export function useCategories(page: number) {
  return useQuery({ ...categoriesQueryOptions(page), placeholderData: keepPreviousData });
}

/** One category for the edit screen: from a cached table page, else found by walking the pages. */
export function useCategory(id: number | null, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.categories.one(id),
    queryFn: ({ signal }) =>
      findCached<Category>(queryClient, queryKeys.categories.list, id!) ??
      findInPages<Category>('product/category/index', id!, {}, signal),
    enabled: enabled && id !== null,
  });
}
