import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/** GET wallet/me -> { balance } (naira), for 'Pay with wallet (balance N...)'. */
export function getWalletBalance(signal?: AbortSignal) {
  return api.get<{ balance: number }>('wallet/me', undefined, signal).then(({ data }) => data.balance);
}

export function useWalletBalance() {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.walletBalance(),
      queryFn: ({ signal }) => getWalletBalance(signal),
      // A balance is only worth showing fresh; the card option works without it.
      staleTime: 0,
      meta: { silent: true },
    }),
  );
}
