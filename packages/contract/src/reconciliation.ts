import { z } from 'zod';
import { idField } from './catalog';

export const RECONCILIATION_KINDS = [
  'missing_ours',
  'missing_theirs',
  'amount_differs',
  'refund_missing_ours',
  'refund_missing_theirs',
  'refund_amount_differs',
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

/** What each kind of difference means, in an operator's words. */
export const RECONCILIATION_KIND_LABELS: Record<ReconciliationKind, string> = {
  missing_ours: 'Paid at the provider, not recorded by Ruwa',
  missing_theirs: 'Recorded by Ruwa, not paid at the provider',
  amount_differs: 'Amounts differ',
  refund_missing_ours: 'Refunded at the provider, no refund recorded by Ruwa',
  refund_missing_theirs: 'Refund recorded by Ruwa as processed, unknown at the provider',
  refund_amount_differs: 'Refund amounts differ',
};

/** The providers our records are compared with. */
export const RECONCILIATION_PROVIDERS = ['paystack', 'vtu'] as const;
export type ReconciliationProvider = (typeof RECONCILIATION_PROVIDERS)[number];

export const RECONCILIATION_PROVIDER_NAMES: Record<ReconciliationProvider, string> = {
  paystack: 'Paystack',
  vtu: 'VTU provider',
};

/** For a vend, the provider's side is a delivery, not a payment. */
const VTU_KIND_LABELS: Record<ReconciliationKind, string> = {
  missing_ours: 'Delivered by the provider, failed or refunded at Ruwa',
  missing_theirs: 'Delivered at Ruwa, failed or unknown at the provider',
  amount_differs: 'Amounts differ',
  refund_missing_ours: RECONCILIATION_KIND_LABELS.refund_missing_ours,
  refund_missing_theirs: RECONCILIATION_KIND_LABELS.refund_missing_theirs,
  refund_amount_differs: RECONCILIATION_KIND_LABELS.refund_amount_differs,
};

export const reconciliationKindLabel = (provider: string, kind: ReconciliationKind) =>
  (provider === 'vtu' ? VTU_KIND_LABELS : RECONCILIATION_KIND_LABELS)[kind];

export const reconciliationProviderName = (provider: string) =>
  RECONCILIATION_PROVIDER_NAMES[provider as ReconciliationProvider] ?? provider;

export const RECONCILIATION_STATUSES = ['open', 'matched', 'cleared'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** One disagreement between our records and a provider's, amounts in naira. */
export type { ReconciliationDifference, ReconciliationCheck, ReconciliationFloat } from './replies/reconciliation';

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
