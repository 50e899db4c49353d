import { z } from 'zod';

/**
 * Paystack accepts references made of letters, digits and `-`, `.`, `=`; ours add `_` (RUWA_…).
 * Anything else (spaces, slashes, markup, accented letters, a lone UTF-16 surrogate from a crafted
 * `\ud800` escape) can never name a payment, so it is refused here with the field's name instead of
 * reaching the payment lookup, the database or a log.
 */
const REFERENCE_ALPHABET = /^[A-Za-z0-9\-.=_]+$/;

/** A card payment's reference as a purchase or deposit body carries it; `field` is the body's key. */
export const paymentReference = (field: string) => {
  const label = field.replaceAll('_', ' ');
  const required = `The ${label} field is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, `The ${label} may not be greater than 100 characters.`)
    .regex(REFERENCE_ALPHABET, `The ${label} may only contain letters, digits and the characters - . = _`);
};

/** Card payments need the reference; wallet payments carry none. */
export const requireCardReference = <T extends { transaction_id?: string; payment_method: string }>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if (body.payment_method === 'card' && !body.transaction_id) {
    ctx.addIssue({
      code: 'custom',
      path: ['transaction_id'],
      message: 'The transaction id field is required for card payments.',
    });
  }
};
