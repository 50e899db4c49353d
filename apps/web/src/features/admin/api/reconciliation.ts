import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import {
  reconciliationFloatTopUpBody,
  type Envelope,
  type Page,
  type ReconciliationCheck,
  type ReconciliationClearInput,
  type ReconciliationDifference,
  type ReconciliationFloat,
  type ReconciliationFloatTopUp,
  type StuckCardRefund,
} from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DifferenceFilter = 'open' | 'matched' | 'cleared' | 'all';

/** GET admin/reconciliation?status=open&page=N -> differences, the most recent first. */
export function reconciliationQueryOptions(status: DifferenceFilter, page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.reconciliation.page(status, page),
    queryFn: ({ signal }) =>
      api
        .get<Page<ReconciliationDifference>>('admin/reconciliation', { status, page }, signal)
        .then(({ data }) => data),
    staleTime: 0,
  });
}

export function useDifferences(status: DifferenceFilter, page: number) {
  return useQuery({ ...reconciliationQueryOptions(status, page), placeholderData: keepPreviousData });
}

/** GET admin/reconciliation/float -> the last VTU float comparison, or null before the first check. */
export function useVtuFloat() {
  return useQuery({
    queryKey: queryKeys.admin.reconciliation.float,
    queryFn: ({ signal }) =>
      api.get<ReconciliationFloat | null>('admin/reconciliation/float', undefined, signal).then(({ data }) => data),
    staleTime: 0,
  });
}

/**
 * POST admin/reconciliation/run { day? }: checks that Lagos day (yyyy-mm-dd), or yesterday and today,
 * with Paystack and the VTU provider now.
 */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: (day?: string) => api.post<ReconciliationCheck[]>('admin/reconciliation/run', day ? { day } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reconciliation.all }),
  });
}

/** POST admin/reconciliation/clear { id, reason }. */
export function useClearDifference() {
  const queryClient = useQueryClient();
  return useSaveMutation<Envelope<ReconciliationDifference>, Error, ReconciliationClearInput>({
    mutationFn: (input) => api.post<ReconciliationDifference>('admin/reconciliation/clear', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reconciliation.all }),
  });
}

/** The top-up dialog's fields, checked with the API's own rules. */
export const floatTopUpFormSchema = reconciliationFloatTopUpBody.pick({ amount: true, reason: true });
export type FloatTopUpFormInput = z.input<typeof floatTopUpFormSchema>;
export type FloatTopUpFormValues = z.output<typeof floatTopUpFormSchema>;

/**
 * POST admin/reconciliation/float/top-up { amount, reason, reference } -> the top-up and the float
 * compared again. `reference` is made once per top-up, so a retry never records it twice.
 */
export function useFloatTopUp() {
  const queryClient = useQueryClient();
  return useSaveMutation<Envelope<ReconciliationFloatTopUp>, Error, FloatTopUpFormValues & { reference: string }>({
    mutationFn: (input) => api.post<ReconciliationFloatTopUp>('admin/reconciliation/float/top-up', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reconciliation.all }),
  });
}

/** GET admin/reconciliation/card-refunds?page=N -> card refunds Paystack has not paid out, oldest first. */
export function stuckCardRefundsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.reconciliation.cardRefunds(page),
    queryFn: ({ signal }) =>
      api.get<Page<StuckCardRefund>>('admin/reconciliation/card-refunds', { page }, signal).then(({ data }) => data),
    staleTime: 0,
  });
}

export function useStuckCardRefunds(page: number) {
  return useQuery({ ...stuckCardRefundsQueryOptions(page), placeholderData: keepPreviousData });
}

/** POST admin/reconciliation/card-refunds/retry { id }: 409 when asked minutes ago, 502 with Paystack's refusal. */
export function useAskPaystackAgain() {
  const queryClient = useQueryClient();
  return useSaveMutation<Envelope<StuckCardRefund | null>, Error, number>({
    mutationFn: (id) => api.post<StuckCardRefund | null>('admin/reconciliation/card-refunds/retry', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reconciliation.all }),
  });
}
