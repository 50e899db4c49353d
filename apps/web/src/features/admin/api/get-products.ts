import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, Product } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type GetProductsInput = { page: number; search?: string };

/** GET products/index?page=N&search=TEXT -> a page of products, newest first (admins only). */
export function getProducts({ page, search }: GetProductsInput, signal?: AbortSignal) {
  return api.get<Page<Product>>('products/index', { page, search }, signal).then(({ data }) => data);
}

export function productsQueryOptions(input: GetProductsInput) {
  return queryOptions({
    queryKey: queryKeys.products.page(input.page, input.search ?? ''),
    queryFn: ({ signal }) => getProducts(input, signal),
  });
}

export function useProducts(input: GetProductsInput) {
  return useQuery({ ...productsQueryOptions(input), placeholderData: keepPreviousData });
}
