import { z } from 'zod';
import { RECONCILIATION_KINDS, RECONCILIATION_PROVIDERS, RECONCILIATION_STATUSES } from '../reconciliation';
import { naira, timestamp } from './http';

/** One difference between our records and a provider's, and what became of it. */
export const reconciliationDifferenceReply = z.object({
  id: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  kind: z.enum(RECONCILIATION_KINDS),
  /** Our amount and the provider's, in naira; null on the side that has no record. */
  ours: naira.nullable(),
  theirs: naira.nullable(),
  occurred_at: timestamp,
  status: z.enum(RECONCILIATION_STATUSES),
  reason: z.string().nullable(),
  cleared_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  detected_at: timestamp,
  resolved_at: timestamp.nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceReply>;

/** What checking one Lagos day with one provider found: records compared, differences open, differences now matched. */
export const reconciliationCheckReply = z.object({
  provider: z.enum(RECONCILIATION_PROVIDERS),
  day: z.string().describe('YYYY-MM-DD'),
  checked: z.number().int(),
  waiting: z.number().int().describe('Records of the day left for a later check: younger than 30 minutes, or pending'),
  open: z.number().int(),
  matched: z.number().int(),
});
export type ReconciliationCheck = z.infer<typeof reconciliationCheckReply>;

/**
 * The last comparison of what the VTU provider holds of our float with the VTU float account (1300),
 * in naira: `difference` is theirs less ours.
 */
export const reconciliationFloatReply = z.object({
  theirs: naira,
  ours: naira,
  difference: naira,
  checked_at: timestamp,
});
export type ReconciliationFloat = z.infer<typeof reconciliationFloatReply>;

/** A recorded float top-up: its reference, the amount, and the float compared again (null if the provider did not answer). */
export const reconciliationFloatTopUpReply = z.object({
  reference: z.string(),
  amount: naira,
  float: reconciliationFloatReply.nullable(),
});
export type ReconciliationFloatTopUp = z.infer<typeof reconciliationFloatTopUpReply>;

/**
 * A refund to a card that Paystack has not paid out yet: `requested` (Paystack has not accepted it;
 * `last_error` says why), `pending` (accepted, its answer not in) or `failed` (the bank refused it;
 * the money went to the customer's wallet instead). `gave_up`: the job has stopped asking by itself.
 */
export const stuckCardRefundReply = z.object({
  id: z.number().int(),
  /** What was refunded: an order, or an airtime or data purchase (the other is null). */
  order_id: z.number().int().nullable(),
  vtu_purchase_id: z.number().int().nullable(),
  transaction_reference: z.string(),
  amount: naira,
  status: z.enum(['requested', 'pending', 'failed']),
  attempts: z.number().int(),
  gave_up: z.boolean(),
  last_error: z.string().nullable(),
  requested_at: timestamp.nullable(),
  created_at: timestamp,
});
export type StuckCardRefund = z.infer<typeof stuckCardRefundReply>;
