import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Journal, TrialBalance } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET admin/ledger/trial-balance[?as_at=YYYY-MM-DD] -> every account on its debit or credit side,
 * now or at the end of that Lagos day, and the two totals.
 */
export function getTrialBalance(asAt: string, signal?: AbortSignal) {
  return api
    .get<TrialBalance>('admin/ledger/trial-balance', asAt ? { as_at: asAt } : undefined, signal)
    .then(({ data }) => data);
}

/** `asAt` '' is now. */
export function useTrialBalance(asAt: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.trialBalance(asAt),
      queryFn: ({ signal }) => getTrialBalance(asAt, signal),
      enabled,
    }),
  );
}

/** GET admin/ledger/journal?reference=R -> the journals posted under that reference, oldest first. */
export function getJournals(reference: string, signal?: AbortSignal) {
  return api.get<Journal[]>('admin/ledger/journal', { reference }, signal).then(({ data }) => data);
}

export function useJournals(reference: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.ledger.journals(reference),
      queryFn: ({ signal }) => getJournals(reference, signal),
      enabled: reference !== '',
    }),
  );
}

export type JournalQueryInput = { reference: string };

export const journalQuerySchema = lazyZodResolver(() =>
  import('@ruwa/contract').then(({ journalQuery }) => journalQuery),
);
