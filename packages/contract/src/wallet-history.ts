import { z } from 'zod';
import { isCalendarDay, PERIOD_OUT_OF_ORDER } from './dates';
import { emptyToUndefined } from './numbers';

/**
 * What moved money in or out of a wallet: each wallet transaction's `type`. A savings move goes both
 * ways (into savings and back); a card refund is a refund taken out of the wallet and sent to the card.
 */
export const WALLET_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'purchase',
  'refund',
  'reward',
  'reversal',
  'commission',
  'savings',
  'adjustment',
  'card_refund',
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/**
 * What became of what a transaction paid for, not only whether the money moved: a wallet-paid
 * airtime purchase the network refused is `refunded` although its debit succeeded.
 */
export const TRANSACTION_OUTCOMES = ['completed', 'pending', 'refunded', 'failed'] as const;
export type TransactionOutcome = (typeof TRANSACTION_OUTCOMES)[number];

/** Longest free-text search of the wallet's transactions. */
export const MAX_TRANSACTION_SEARCH_LENGTH = 100;

const lagosDayField = (which: 'from' | 'to') =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `The ${which} date must be a date (YYYY-MM-DD).` })
      .refine(isCalendarDay, `The ${which} date must be a real date (YYYY-MM-DD).`)
      .optional(),
  );

/**
 * GET wallet-transactions/me filters: the transaction type, a period of Lagos days (both ends
 * included) and free text matched against the description, the TX id, the reference and phone
 * numbers. Empty values are ignored, as every list's filters are. The fields alone, so a route can
 * put them beside its paging; `periodInOrder` then checks the period.
 */
export const walletTransactionFilterFields = {
  type: z.preprocess(
    emptyToUndefined,
    z.enum(WALLET_TRANSACTION_TYPES, { error: 'Choose a transaction type from the list.' }).optional(),
  ),
  from: lagosDayField('from'),
  to: lagosDayField('to'),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim()) : value),
    z
      .string({ error: 'The search must be text.' })
      .max(
        MAX_TRANSACTION_SEARCH_LENGTH,
        `The search may not be longer than ${MAX_TRANSACTION_SEARCH_LENGTH} characters.`,
      )
      .optional(),
  ),
};

/** Refuses a period that ends before it starts, on `to`. */
export function periodInOrder(period: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (period.from && period.to && period.from > period.to)
    context.addIssue({ code: 'custom', path: ['to'], message: PERIOD_OUT_OF_ORDER });
}

export const walletTransactionFilters = z.object(walletTransactionFilterFields).superRefine(periodInOrder);
export type WalletTransactionFilters = z.output<typeof walletTransactionFilters>;
