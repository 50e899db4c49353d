import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/staff -> every admin account with its staff role, owners first. */
export function getStaff(signal?: AbortSignal) {
  return api.get<Customer[]>('admin/staff', undefined, signal).then(({ data }) => data);
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.staff, queryFn: ({ signal }) => getStaff(signal), staleTime: 0 });

export const useStaff = () => useQuery(staffQueryOptions());
