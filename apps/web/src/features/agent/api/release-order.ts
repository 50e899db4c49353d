import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentOrder } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ReleaseOrderInput = { id: number; reason: string };

/**
 * POST agents/orders/release { id, reason } -> the order, open again for the area's agents; 409 once
 * it is out for delivery, 422 on `reason` when none is given.
 */
export function releaseOrder(input: ReleaseOrderInput) {
  return api.post<AgentOrder>('agents/orders/release', input);
}

export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agent.all }),
  });
}
