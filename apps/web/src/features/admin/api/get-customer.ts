import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CustomerDetail } from '@ruwa/contract/replies';

/** GET admin/customers/show?id=N -> the profile, wallet and the first rows of each of their lists. */
export function getCustomer(id: number, signal?: AbortSignal) {
  return api.get<CustomerDetail>('admin/customers/show', { id }, signal).then(({ data }) => data);
}

export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.admin.customers.one(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    staleTime: 0,
  });
}

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
