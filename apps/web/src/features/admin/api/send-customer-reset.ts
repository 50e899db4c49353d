import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';

/**
 * POST admin/customers/send-reset { id } -> 200 'A password reset link has been sent'.
 * 409 while the account is suspended.
 */
export function sendCustomerReset(id: number) {
  return api.post<null>('admin/customers/send-reset', { id });
}

export function useSendCustomerReset() {
  return useSaveMutation({ mutationFn: sendCustomerReset });
}
