import { z } from 'zod';
import { idField } from './catalog';

export const RECONCILIATION_KINDS = ['missing_ours', 'missing_theirs', 'amount_differs'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

/** What each kind of difference means, in an operator's words. */
export const RECONCILIATION_KIND_LABELS: Record<ReconciliationKind, string> = {
  missing_ours: 'Paid at the provider, not recorded by Ruwa',
  missing_theirs: 'Recorded by Ruwa, not paid at the provider',
  amount_differs: 'Amounts differ',
};

export const RECONCILIATION_STATUSES = ['open', 'matched', 'cleared'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** One disagreement between our records and a provider's, amounts in naira. */
export type { ReconciliationDifference, ReconciliationCheck } from './replies/reconciliation';

export const reconciliationListQuery = z.object({
  status: z
    .enum(['open', 'matched', 'cleared', 'all'], { error: 'Choose open, matched, cleared or all.' })
    .default('open'),
});

/** Check one Lagos day against the providers (default: yesterday and today). */
export const reconciliationRunBody = z.object({
  day: z.iso.date({ error: 'Give the day as yyyy-mm-dd.' }).optional(),
});

export const reconciliationClearBody = z.object({
  id: idField(),
  reason: z
    .string({ error: 'Write why this difference is cleared.' })
    .trim()
    .min(10, 'Write at least 10 characters: what was found and what was done.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type ReconciliationClearInput = z.infer<typeof reconciliationClearBody>;
