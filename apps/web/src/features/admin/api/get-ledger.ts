import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Journal, TrialBalance } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { queryKeys } from '@/lib/query-keys';

/** GET admin/ledger/trial-balance -> every account on its debit or credit side, and the two totals. */
export function getTrialBalance(signal?: AbortSignal) {
  return api.get<TrialBalance>('admin/ledger/trial-balance', undefined, signal).then(({ data }) => data);
}

export function useTrialBalance() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.admin.ledger.trialBalance, queryFn: ({ signal }) => getTrialBalance(signal) }),
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
