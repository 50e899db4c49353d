import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import type { Customer } from '@ruwa/contract/replies';
import { invalidateCustomers } from './invalidate-customers';

export type SuspendCustomerInput = { id: number; note?: string };

export const NOTE_MAX_LENGTH = 500;

/**
 * POST admin/customers/suspend { id, note? } -> 200 with the user. Their sessions end at once and
 * signing in is refused until an admin reactivates them. An empty note is not sent.
 */
export function suspendCustomer({ id, note }: SuspendCustomerInput) {
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
