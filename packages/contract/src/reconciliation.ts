import { z } from 'zod';
import { idField } from './catalog';
import { RECONCILIATION_CLEARING_ACCOUNTS, SUSPENSE_ACCOUNT } from './ledger';
import { hasAtMostTwoDecimals } from './money';
import { numeric } from './numbers';

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

/** The largest single float top-up an admin records, in naira. */
export const MAX_FLOAT_TOP_UP_NAIRA = 100_000_000;

/**
 * POST admin/reconciliation/float/top-up: money sent to the VTU provider's float, recorded against
 * the Paystack balance it was paid from. `reference` (a uuid the client makes once per top-up) makes
 * a retry or a second click answer the first result instead of recording it twice.
 */
export const reconciliationFloatTopUpBody = z.object({
  amount: numeric(
    z
      .number({ error: 'Enter the amount sent to the provider.' })
      .refine((n) => n > 0, { message: 'The amount must be greater than 0.', abort: true })
      .refine((n) => n <= MAX_FLOAT_TOP_UP_NAIRA, {
        message: `The amount may not be greater than ${MAX_FLOAT_TOP_UP_NAIRA.toLocaleString('en-US')}.`,
        abort: true,
      })
      .refine(hasAtMostTwoDecimals, { message: 'The amount may have at most 2 decimal places.', abort: true }),
  ),
  reason: z
    .string({ error: 'Write what the top-up was.' })
    .trim()
    .min(10, 'Write at least 10 characters: when it was sent and from where.')
    .max(500, 'Keep the reason under 500 characters.'),
  reference: z.uuid({ error: 'The reference must be a UUID.' }).optional(),
});
export type ReconciliationFloatTopUpInput = z.input<typeof reconciliationFloatTopUpBody>;

/** POST admin/reconciliation/card-refunds/retry: ask Paystack again for a card refund it has not accepted. */
export const cardRefundRetryBody = z.object({ id: idField() });

/** One disagreement between our records and a provider's, amounts in naira. */
export type {
  ReconciliationDifference,
  ReconciliationCheck,
  ReconciliationFloat,
  ReconciliationFloatTopUp,
  StuckCardRefund,
} from './replies/reconciliation';

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
  /** The account the difference is posted against, the provider's account on the other side. */
  account: z
    .enum(RECONCILIATION_CLEARING_ACCOUNTS, { error: 'Choose an account from the list.' })
    .default(SUSPENSE_ACCOUNT),
});
export type ReconciliationClearInput = z.infer<typeof reconciliationClearBody>;
