import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VtuPurchase } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST vtu/card-refund { id } -> the purchase, its refund (already in the wallet) now on its way back
 * to the card it was paid with (422 when it cannot go: paid from the wallet, partly spent, too old).
 * Asking again answers the same refund.
 */
export function refundToCard(id: number) {
  return api.post<VtuPurchase>('vtu/card-refund', { id });
}

export function useRefundToCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundToCard,
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.vtu.purchase(data.id), data),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['airtime-data'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    },
  });
}
