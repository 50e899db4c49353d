import { z } from 'zod';
import { timestamp } from './http';

/** One account's balance on a trial balance: on its debit or its credit side, in kobo. */
export const trialBalanceAccountReply = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['asset', 'liability', 'equity', 'revenue', 'expense']),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
  /** Positive when the account sits on its normal side (debit for assets and expenses). */
  balance_kobo: z.number().int(),
});
export type TrialBalanceAccount = z.infer<typeof trialBalanceAccountReply>;

/** Every account of the chart; the two totals are always equal. */
export const trialBalanceReply = z.object({
  accounts: z.array(trialBalanceAccountReply),
  total_debit_kobo: z.number().int(),
  total_credit_kobo: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalanceReply>;

export const journalPostingReply = z.object({
  /** The account's code; a customer's own wallet or savings account is `<code>-<user id>`. */
  account_code: z.string(),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
});

export const journalReply = z.object({
  reference: z.string(),
  kind: z.string(),
  created_at: timestamp,
  postings: z.array(journalPostingReply),
});
export type Journal = z.infer<typeof journalReply>;
