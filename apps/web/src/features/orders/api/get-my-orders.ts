import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Order, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET product-order/me?page=N -> the user's orders (subscription deliveries included), newest first. */
export function getMyOrders(page: number, signal?: AbortSignal) {
  return api.get<Page<Order>>('product-order/me', { page }, signal).then(({ data }) => data);
}

export function useMyOrders(page: number) {
  return useQuery({
    queryKey: queryKeys.orders.myOrders(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
    // An order's status moves on without the customer doing anything.
    staleTime: 0,
  });
}
