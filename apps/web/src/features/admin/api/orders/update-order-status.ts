import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import type { Order, OrderStatus } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UpdateOrderStatusInput = { id: number; status: OrderStatus; note?: string; refundTo?: 'wallet' | 'card' };

/**
 * POST admin/orders/update-status { id, status, note?, refund_to? } -> the order with its history (409
 * for a move the lifecycle does not allow; a refund credits the customer's wallet once, or a
 * cancelled card-paid order's card with `refund_to: card`).
 */
export function updateOrderStatus({ id, status, note, refundTo }: UpdateOrderStatusInput) {
  const trimmed = note?.trim();
  return api.post<Order>('admin/orders/update-status', {
    id,
    status,
    ...(trimmed ? { note: trimmed } : {}),
    ...(refundTo === 'card' ? { refund_to: 'card' } : {}),
  });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.all }),
  });
}
