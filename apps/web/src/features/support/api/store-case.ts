import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportCaseStoreBody, type SupportCase, type SupportCaseStoreBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The report form checks the message with the API's own rule. */
export const reportProblemSchema = supportCaseStoreBody.pick({ message: true });

/** POST support/cases { reference, message } -> the new case (201); someone else's reference is 404. */
export function storeCase(body: SupportCaseStoreBody) {
  return api.post<SupportCase>('support/cases', body);
}

export function useStoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeCase,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.support.all }),
  });
}
