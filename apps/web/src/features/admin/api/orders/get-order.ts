import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminOrderDetail } from '@ruwa/contract/replies';

/** GET admin/orders/show?id= -> the order with its status history and the customer. */
export function getAdminOrder(id: number, signal?: AbortSignal) {
  return api.get<AdminOrderDetail>('admin/orders/show', { id }, signal).then(({ data }) => data);
}

export function useAdminOrder(id: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.orders.one(id ?? 0),
    queryFn: ({ signal }) => getAdminOrder(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
