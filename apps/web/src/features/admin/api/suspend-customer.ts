import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import type { CustomerSuspendBody } from '@ruwa/contract';
import type { Customer } from '@ruwa/contract/replies';
import { invalidateCustomers } from './invalidate-customers';

export type { CustomerSuspendBody as SuspendCustomerInput } from '@ruwa/contract';

/**
 * POST admin/customers/suspend { id, note? } -> 200 with the user. Their sessions end at once and
 * signing in is refused until an admin reactivates them. An empty note is not sent.
 */
export function suspendCustomer({ id, note }: CustomerSuspendBody) {
  const trimmed = note?.trim();
  return api.post<Customer>('admin/customers/suspend', trimmed ? { id, note: trimmed } : { id });
}

export function useSuspendCustomer() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: suspendCustomer,
    onSuccess: () => invalidateCustomers(queryClient),
  });
}
