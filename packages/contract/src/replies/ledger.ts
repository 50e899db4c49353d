import { z } from 'zod';
import { day, timestamp } from './http';

const accountType = z.enum(['asset', 'liability', 'equity', 'revenue', 'expense']);

/** One account of the chart. `contra`: it reduces the accounts of its type (refunds reduce revenue). */
export const chartAccountReply = z.object({
  code: z.string(),
  name: z.string(),
  type: accountType,
  contra: z.boolean(),
});
export type ChartAccount = z.infer<typeof chartAccountReply>;

/** One account's balance on a trial balance: on its debit or its credit side, in kobo. */
export const trialBalanceAccountReply = chartAccountReply.extend({
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

/**
 * One account over a period of Lagos days: its balance before the first day (`opening_kobo`), what
 * was debited and credited to it during the period, and its balance after the last day
 * (`closing_kobo`); balances positive on the account's normal side, as `balance_kobo` is.
 */
export const periodTrialBalanceAccountReply = chartAccountReply.extend({
  opening_kobo: z.number().int(),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
  closing_kobo: z.number().int(),
});
export type PeriodTrialBalanceAccount = z.infer<typeof periodTrialBalanceAccountReply>;

/** A trial balance for a period: each pair of totals is equal (the opening, the movements, the closing). */
export const periodTrialBalanceReply = z.object({
  from: day,
  to: day,
  accounts: z.array(periodTrialBalanceAccountReply),
  totals: z.object({
    opening_debit_kobo: z.number().int(),
    opening_credit_kobo: z.number().int(),
    debit_kobo: z.number().int(),
    credit_kobo: z.number().int(),
    closing_debit_kobo: z.number().int(),
    closing_credit_kobo: z.number().int(),
  }),
});
export type PeriodTrialBalance = z.infer<typeof periodTrialBalanceReply>;

export const journalPostingReply = z.object({
  /** The account's code; a customer's own wallet or savings account is `<code>-<user id>`. */
  account_code: z.string(),
  /** The account's name in the chart (a customer's sub-account carries its control account's). */
  account_name: z.string(),
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

/** A journal on one account's page: what it debited and credited to that account, and all its lines. */
export const accountJournalReply = journalReply.extend({
  id: z.number().int(),
  debit_kobo: z.number().int(),
  credit_kobo: z.number().int(),
});
export type AccountJournal = z.infer<typeof accountJournalReply>;

/** A revenue or expense account's amount over the period, in kobo; a contra account's is negative. */
export const profitAndLossLineReply = chartAccountReply.omit({ type: true }).extend({ amount_kobo: z.number().int() });
export type ProfitAndLossLine = z.infer<typeof profitAndLossLineReply>;

/** Revenue (net of its contra accounts) less expenses over a period of Lagos days, from the journals. */
export const profitAndLossReply = z.object({
  from: day,
  to: day,
  revenue: z.array(profitAndLossLineReply),
  total_revenue_kobo: z.number().int(),
  expenses: z.array(profitAndLossLineReply),
  total_expenses_kobo: z.number().int(),
  /** Total revenue less total expenses: a loss is negative. */
  net_kobo: z.number().int(),
});
export type ProfitAndLoss = z.infer<typeof profitAndLossReply>;
