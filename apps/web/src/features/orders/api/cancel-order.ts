import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RefundTo = 'wallet' | 'card';

/**
 * POST product-order/cancel { id, refund_to } -> the order, refunded: to the wallet at once, or (a
 * card-paid order only) back to the card within a few working days (409 once it is out for
 * delivery). Asking again for a cancelled order changes nothing.
 */
export function cancelOrder({ id, refundTo }: { id: number; refundTo: RefundTo }) {
  return api.post<Order>('product-order/cancel', { id, refund_to: refundTo });
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
