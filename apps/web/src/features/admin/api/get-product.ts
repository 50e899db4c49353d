import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET products/show?id=N -> the product with its location prices (hidden ones too, for admins). */
export function getProduct(id: number, signal?: AbortSignal) {
  return api.get<Product>('products/show', { id }, signal).then(({ data }) => data);
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.products.one(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: number | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: enabled && id !== null });
}
