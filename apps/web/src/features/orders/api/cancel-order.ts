import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST product-order/cancel { id, refund_to: 'wallet' } -> the order, refunded to the wallet at once
 * (409 once it is out for delivery). Asking again for a cancelled order changes nothing.
 */
export function cancelOrder(id: number) {
  return api.post<Order>('product-order/cancel', { id, refund_to: 'wallet' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    },
  });
}
