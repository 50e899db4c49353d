import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import type { Customer } from '@ruwa/contract/replies';
import { invalidateCustomers } from './invalidate-customers';

/** POST admin/customers/reactivate { id } -> 200 with the user, who may sign in again. */
export function reactivateCustomer(id: number) {
  return api.post<Customer>('admin/customers/reactivate', { id });
}

export function useReactivateCustomer() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: reactivateCustomer,
    onSuccess: () => invalidateCustomers(queryClient),
  });
}
