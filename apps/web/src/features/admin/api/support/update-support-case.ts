import { useQueryClient } from '@tanstack/react-query';
import type { AdminSupportCase, SupportCaseStatus } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { useSaveMutation } from '../use-save-mutation';
import { SUPPORT_CASES_KEY, supportCaseKey } from './get-support-cases';

/** What an admin does on a case: move its status, note something for the team, or answer the customer. */
export type SupportCaseAction =
  | { kind: 'status'; id: number; status: SupportCaseStatus }
  | { kind: 'note'; id: number; note: string }
  | { kind: 'reply'; id: number; message: string };

/**
 * POST admin/support/cases/update-status { id, status }, .../add-note { id, note } or .../reply
 * { id, message } -> the case as it is now. A reply reaches the customer by notification and e-mail.
 */
export function actOnSupportCase(action: SupportCaseAction) {
  switch (action.kind) {
    case 'status':
      return api.post<AdminSupportCase>('admin/support/cases/update-status', { id: action.id, status: action.status });
    case 'note':
      return api.post<AdminSupportCase>('admin/support/cases/add-note', { id: action.id, note: action.note });
    case 'reply':
      return api.post<AdminSupportCase>('admin/support/cases/reply', { id: action.id, message: action.message });
  }
}

export function useSupportCaseAction() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: actOnSupportCase,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(supportCaseKey(data.id), data);
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_CASES_KEY, 'list'] });
    },
  });
}
