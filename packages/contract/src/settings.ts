import { z } from 'zod';

const percent = (label: string) =>
  z.coerce.number({ error: `The ${label} must be a number.` }).min(0, `The ${label} may not be negative.`).max(100, `The ${label} may not be more than 100.`);
const naira = (label: string) =>
  z.coerce.number({ error: `The ${label} must be a number.` }).min(0, `The ${label} may not be negative.`).max(1_000_000, `The ${label} is too large.`);

/** Business rules admins can change (DESIGN section 5). */
export const settingsSchema = z.object({
  referral: z.object({
    /** Percent of each delivered airtime/data purchase paid to the referrer. */
    percent: percent('referral percent').default(1),
    /** Most a referrer earns from one purchase, in naira. */
    cap: naira('referral cap').default(100),
  }),
  raffle: z.object({
    /** One ticket per delivered airtime/data purchase of at least this many naira. */
    min_purchase: naira('minimum purchase').default(100),
    /** Tickets expire at the end of the month they were earned in, or this many days after. */
    expiry: z.enum(['end_of_month', 'days']).default('end_of_month'),
    expiry_days: z.coerce.number().int().min(1).max(365).default(30),
  }),
  commission: z.object({
    sachet_water: percent('sachet water commission').default(5),
    bottle_water: percent('bottle water commission').default(5),
    gas: percent('gas commission').default(3),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({ referral: {}, raffle: {}, commission: {} });
export const settingsUpdateBody = z.object({
  referral: settingsSchema.shape.referral.partial().optional(),
  raffle: settingsSchema.shape.raffle.partial().optional(),
  commission: settingsSchema.shape.commission.partial().optional(),
});
