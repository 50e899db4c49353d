import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminOrder } from '@ruwa/contract/replies';
import { type AdminOrderFilters } from './admin-order';

/**
 * GET admin/orders?page=&status=&kind=&location_id=&locked=&from=&to=&search= -> a page of every customer's
 * orders, newest first, each with its customer. Empty filters are not sent.
 */
export function getAdminOrders(filters: AdminOrderFilters, signal?: AbortSignal) {
  return api.get<Page<AdminOrder>>('admin/orders', { ...filters }, signal).then(({ data }) => data);
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery({
    queryKey: queryKeys.admin.orders.list(filters),
    queryFn: ({ signal }) => getAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
