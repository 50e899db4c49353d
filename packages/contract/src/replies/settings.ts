import { z } from 'zod';
import { settingsSchema, type Settings } from '../settings';

const rules = settingsSchema.shape;

/**
 * The business rules as the API answers them: `Settings`, the output of `settingsSchema`. That schema
 * reads input (numbers sent as text, defaults), so the reply names the same fields as plain values,
 * and `satisfies` keeps the two in step.
 */
export const settingsReply = z.object({
  referral: z.object({
    /** Percent of each delivered airtime/data purchase paid to the referrer. */
    percent: z.number(),
    /** Most a referrer earns from one purchase, in naira. */
    cap: z.number(),
  }),
  raffle: z.object({
    /** One ticket per delivered airtime/data purchase of at least this many naira. */
    min_purchase: z.number(),
    expiry: rules.raffle.shape.expiry.unwrap(),
    expiry_days: z.number().int(),
    one_win_per_month: z.boolean(),
    /** What the next draw's winner gets; '' until announced. */
    prize: z.string(),
    /** The next draw's day, YYYY-MM-DD (Lagos); '' until announced. */
    next_draw: z.string(),
  }),
  /** Percent of a delivered order's amount its agent earns, by kind. */
  commission: z.object({ sachet_water: z.number(), bottle_water: z.number(), gas: z.number() }),
  alerts: z.object({ unaccepted_order_minutes: z.number().int(), on_duty_admin_ids: z.array(z.number().int()) }),
  withdrawals: z.object({
    /** Withdrawals of more than this many naira to a bank account saved in the last 24 hours are held. */
    new_account_hold_above: z.number(),
    /** Withdrawals of more than this many naira wait for an admin's approval. */
    approval_above: z.number(),
    /** Whether withdrawals to an account in another person's name wait for an admin's approval. */
    hold_name_mismatch: z.boolean(),
  }),
  /** Support credits of more than this many naira wait for a second admin. */
  adjustments: z.object({ credit_approval_above: z.number() }),
  funding: z.object({ transfer_fee_bearer: rules.funding.shape.transfer_fee_bearer.unwrap() }),
  /** The business's contacts for customers: phones as +234…, '' where none is set. */
  support: z.object({ phone: z.string(), whatsapp: z.string(), email: z.string() }),
}) satisfies z.ZodType<Settings>;
