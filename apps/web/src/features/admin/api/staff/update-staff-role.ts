import { useQueryClient } from '@tanstack/react-query';
import type { StaffRoleBody } from '@ruwa/contract';
import type { Customer } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSaveMutation } from '../use-save-mutation';

/** POST admin/staff/update-role { id, staff_role } -> the admin with the new role (409 for the last owner). */
export const updateStaffRole = (body: StaffRoleBody) => api.post<Customer>('admin/staff/update-role', body);

export function useUpdateStaffRole() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateStaffRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.staff }),
  });
}
