import { z } from 'zod';
import { naira } from './http';

/** The payment intent the server answers before the card popup opens. */
export const paymentIntentReply = z.object({
  reference: z.string(),
  amount_kobo: z.number().int(),
  amount: naira,
  currency: z.literal('NGN'),
  email: z.string(),
  /** What the purchase is (purpose and its input), as Paystack stores it with the transaction. */
  metadata: z.record(z.string(), z.unknown()),
});
export type PaymentIntent = z.infer<typeof paymentIntentReply>;
