import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentOrder } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DeliveryStep = 'out_for_delivery' | 'delivered';
export type UpdateOrderStatusInput = { id: number; status: DeliveryStep; delivery_code?: string };

/**
 * POST agents/orders/update-status { id, status, delivery_code } -> the order; 409 for a move the
 * order's state does not allow. Delivering needs the customer's code (422 on `delivery_code` when it
 * is missing or wrong) and pays the agent's commission.
 */
export function updateOrderStatus(input: UpdateOrderStatusInput) {
  return api.post<AgentOrder>('agents/orders/update-status', input);
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agent.all }),
  });
}
