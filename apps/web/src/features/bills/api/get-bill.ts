import { useQuery } from '@tanstack/react-query';
import type { Bill } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often a payment the electricity company is still processing is asked about again. */
export const BILL_POLL_MS = 3000;

/** GET bills/show?reference=VTU-n -> one of the customer's bill payments, with its token. */
export function getBill(reference: string, signal?: AbortSignal) {
  return api.get<Bill>('bills/show', { reference }, signal).then(({ data }) => data);
}

/** The payment, asked about again every few seconds while it is pending. */
export function useBill(reference: string | null) {
  return useQuery({
    queryKey: queryKeys.bills.one(reference ?? ''),
    queryFn: ({ signal }) => getBill(reference!, signal),
    enabled: reference !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? BILL_POLL_MS : false),
    meta: { silent: true },
  });
}
