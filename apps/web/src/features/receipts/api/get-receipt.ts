import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@ruwa/contract';
import { api, isApiError } from '@/lib/api-client';
import { receiptKeys } from './query-keys';

/** GET receipts/show?reference= -> the receipt of one of the customer's purchases or wallet movements. */
export function getReceipt(reference: string, signal?: AbortSignal) {
  return api.get<Receipt>('receipts/show', { reference }, signal).then(({ data }) => data);
}

export function useReceipt(reference: string) {
  return useQuery({
    queryKey: receiptKeys.one(reference),
    queryFn: ({ signal }) => getReceipt(reference, signal),
    // A receipt that is not the customer's stays not found: asking again changes nothing.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 3,
    meta: { silent: true },
  });
}
