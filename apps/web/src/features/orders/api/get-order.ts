import { useQuery } from '@tanstack/react-query';
import type { Order } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET product-order/show?id= -> one of the user's orders with its status history (404 otherwise). */
export function getOrder(id: number, signal?: AbortSignal) {
  return api.get<Order>('product-order/show', { id }, signal).then(({ data }) => data);
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: queryKeys.orders.one(id ?? 0),
    queryFn: ({ signal }) => getOrder(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    // The screen says what went wrong itself.
    meta: { silent: true },
  });
}
