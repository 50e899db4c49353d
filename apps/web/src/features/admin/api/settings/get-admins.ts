import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/admins -> the active admins, oldest first: who can be on duty for order alerts. */
export function getAdmins(signal?: AbortSignal) {
  return api.get<StaffMember[]>('admin/admins', undefined, signal).then(({ data }) => data);
}

export function useAdmins() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.admin.admins, queryFn: ({ signal }) => getAdmins(signal), staleTime: 60_000 }),
  );
}
