import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminOrder, DispatchAgent } from '@ruwa/contract/replies';

/** GET admin/orders/agents?id= -> the agents who could take the order, by name. */
export function getDispatchAgents(id: number, signal?: AbortSignal) {
  return api.get<DispatchAgent[]>('admin/orders/agents', { id }, signal).then(({ data }) => data);
}

export function useDispatchAgents(id: number) {
  return useQuery({
    queryKey: queryKeys.admin.orders.agents(id),
    queryFn: ({ signal }) => getDispatchAgents(id, signal),
    staleTime: 0,
  });
}

/**
 * POST admin/orders/assign { id, agent_id } -> the order with its agent; 422 on `agent_id` for an
 * agent who is not approved or does not serve the order's area, 409 once it is out for delivery.
 */
export function assignOrder(input: { id: number; agent_id: number }) {
  return api.post<AdminOrder>('admin/orders/assign', input);
}

export function useAssignOrder() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: assignOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.all }),
  });
}
