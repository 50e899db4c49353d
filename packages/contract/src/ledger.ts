import { z } from 'zod';

/** One account's balance on a trial balance: on its debit or its credit side, in kobo. */
export const trialBalanceAccount = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['asset', 'liability', 'equity', 'revenue', 'expense']),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
  /** Positive when the account sits on its normal side (debit for assets and expenses). */
  balance_kobo: z.number().int(),
});
export type TrialBalanceAccount = z.infer<typeof trialBalanceAccount>;

/** Every account of the chart; the two totals are always equal. */
export const trialBalance = z.object({
  accounts: z.array(trialBalanceAccount),
  total_debit_kobo: z.number().int(),
  total_credit_kobo: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

export const journalPosting = z.object({
  /** The account's code; a customer's own wallet or savings account is `<code>-<user id>`. */
  account_code: z.string(),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
});

export const journal = z.object({
  reference: z.string(),
  kind: z.string(),
  created_at: z.string(),
  postings: z.array(journalPosting),
});
export type Journal = z.infer<typeof journal>;

/** A reference a customer, support or a provider sees: Paystack's, a withdrawal's, an order's or a vend's. */
export const journalQuery = z.object({
  reference: z
    .string({ error: 'Enter a reference.' })
    .trim()
    .min(1, 'Enter a reference.')
    .max(100, 'The reference may not be longer than 100 characters.'),
});
