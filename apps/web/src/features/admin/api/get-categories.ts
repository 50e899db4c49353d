import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { findCached, findInPages } from './find-in-pages';

/** GET product/category/index?page=N -> a page of categories, enabled or not. */
export function getCategories({ page }: { page: number }, signal?: AbortSignal) {
  return api.get<Page<Category>>('product/category/index', { page }, signal).then(({ data }) => data);
}

export const categoriesListKey = ['categories', 'list'] as const;

export function categoriesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...categoriesListKey, page],
    queryFn: ({ signal }) => getCategories({ page }, signal),
  });
}

export function useCategories(page: number) {
  return useQuery({ ...categoriesQueryOptions(page), placeholderData: keepPreviousData });
}

/** GET product/category/index?enabled=1 -> the categories a product can be put in. */
export function useEnabledCategories() {
  return useQuery({
    // Same key and answer as the customer home screen's query.
    queryKey: ['categories', 'enabled'],
    queryFn: ({ signal }) =>
      api
        .get<Page<Category>>('product/category/index', { enabled: true, per_page: 100 }, signal)
        .then(({ data }) => data.data),
  });
}

/** One category for the edit screen: from a cached table page, else found by walking the pages. */
export function useCategory(id: number | null, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['categories', 'one', id],
    queryFn: ({ signal }) =>
      findCached<Category>(queryClient, categoriesListKey, id!) ??
      findInPages<Category>('product/category/index', id!, {}, signal),
    enabled: enabled && id !== null,
  });
}
