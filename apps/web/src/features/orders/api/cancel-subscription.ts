import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST subscription-order/cancel { id } -> the cancelled subscription; deliveries not yet made are
 * refunded to the wallet (409 when it is no longer active).
 */
export function cancelSubscription(id: number) {
  return api.post<Subscription>('subscription-order/cancel', { id });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      // The refund lands in the wallet: the wallet screens' cache, whatever its exact key.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    },
  });
}
