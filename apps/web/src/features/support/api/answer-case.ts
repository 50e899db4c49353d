import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportCase } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST support/cases/reply { id, message } -> the case, open again for the team (404 for anyone else's). */
export function answerCase(body: { id: number; message: string }) {
  return api.post<SupportCase>('support/cases/reply', body);
}

export function useAnswerCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCase,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.support.all }),
  });
}
