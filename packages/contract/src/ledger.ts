import { z } from 'zod';

export type { Journal, TrialBalance, TrialBalanceAccount } from './replies/ledger';

/** A reference a customer, support or a provider sees: Paystack's, a withdrawal's, an order's or a vend's. */
export const journalQuery = z.object({
  reference: z
    .string({ error: 'Enter a reference.' })
    .trim()
    .min(1, 'Enter a reference.')
    .max(100, 'The reference may not be longer than 100 characters.'),
});
