import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentOrder } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST agents/orders/accept { id } -> the order, now assigned; 409 when another agent was first. */
export function acceptOrder(id: number) {
  return api.post<AgentOrder>('agents/orders/accept', { id });
}

export function useAcceptOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOrder,
    // A 409 also means the open list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agent.all }),
  });
}
