import { z } from 'zod';
import { isCalendarDay } from './dates';
import { periodInOrder, walletTransactionFilterFields } from './wallet-history';

export type {
  AccountJournal,
  ChartAccount,
  Journal,
  PeriodTrialBalance,
  PeriodTrialBalanceAccount,
  ProfitAndLoss,
  ProfitAndLossLine,
  TrialBalance,
  TrialBalanceAccount,
} from './replies/ledger';

/** A reference a customer, support or a provider sees: Paystack's, a withdrawal's, an order's or a vend's. */
export const journalQuery = z.object({
  reference: z
    .string({ error: 'Enter a reference.' })
    .trim()
    .min(1, 'Enter a reference.')
    .max(100, 'The reference may not be longer than 100 characters.'),
});

/** A Lagos calendar day, YYYY-MM-DD, that must be given. */
const ledgerDay = (which: string) =>
  z
    .string({ error: `Give the ${which} date as YYYY-MM-DD.` })
    .refine(isCalendarDay, `The ${which} date must be a real date (YYYY-MM-DD).`);

/** GET admin/ledger/trial-balance: today's balances, or as they stood at the end of a Lagos day. */
export const trialBalanceQuery = z.object({
  as_at: z.preprocess((value) => (value === '' ? undefined : value), ledgerDay('as at').optional()),
});

/** A period of Lagos days, both ends included: the period trial balance, the profit and loss, an account's journals. */
export const ledgerPeriodQuery = z.object({ from: ledgerDay('from'), to: ledgerDay('to') }).superRefine(periodInOrder);
export type LedgerPeriod = z.infer<typeof ledgerPeriodQuery>;

/**
 * GET admin/ledger/account-journals: one account's journals (the drill-down from a trial balance
 * line) in a period of Lagos days, either end open. The fields alone, for the route to put beside
 * its paging; `periodInOrder` then checks the period.
 */
export const accountJournalsFields = {
  code: z
    .string({ error: 'Choose an account.' })
    .trim()
    .min(1, 'Choose an account.')
    .max(20, 'The account code may not be longer than 20 characters.'),
  from: walletTransactionFilterFields.from,
  to: walletTransactionFilterFields.to,
};

/**
 * The accounts an admin may clear a reconciliation difference against. Suspense (the default) holds
 * it until someone finds where it belongs; the others are for a difference already explained.
 */
export const RECONCILIATION_CLEARING_ACCOUNTS = ['1900', '5900', '5300', '4900', '3000'] as const;
export type ReconciliationClearingAccount = (typeof RECONCILIATION_CLEARING_ACCOUNTS)[number];
export const SUSPENSE_ACCOUNT: ReconciliationClearingAccount = '1900';
