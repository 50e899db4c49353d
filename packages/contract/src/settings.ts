import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money';
import { numberError, numeric } from './numbers';
import { normalizeNigerianPhone } from './phone';
import { MAX_DEPOSIT_NAIRA } from './wallet';

/** An empty field reads 'Enter the …', anything else not a number '… must be a number'. */
const numberMessage = (label: string) => numberError(`Enter the ${label}.`, `The ${label} must be a number.`);

const percent = (label: string) =>
  numeric(
    z
      .number({ error: numberMessage(label) })
      .min(0, `The ${label} may not be negative.`)
      .max(100, `The ${label} may not be more than 100.`),
  );
const naira = (label: string) =>
  numeric(
    z
      .number({ error: numberMessage(label) })
      .min(0, `The ${label} may not be negative.`)
      .max(1_000_000, `The ${label} is too large.`),
  );

/** A Nigerian mobile number stored as +234…, or '' while the business has none to give. */
const contactPhone = (label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .transform((value, ctx) => {
      if (value === '') return '';
      const normalized = normalizeNigerianPhone(value);
      if (normalized) return normalized;
      ctx.addIssue({ code: 'custom', message: `Enter the ${label} like 08031234567 or +2348031234567.` });
      return z.NEVER;
    });

/**
 * Each rule's field, without its default: the full settings (below) add the defaults, while an update
 * must carry only what the admin sent. A `.default()` inside `.partial()` still fills a missing key, so
 * an update built from the defaulted fields would reset every field the admin did not send.
 */
export const settingsFields = {
  referral: {
    /** Percent of each delivered airtime/data purchase paid to the referrer. */
    percent: percent('referral percent'),
    /** Most a referrer earns from one purchase, in naira. */
    cap: naira('referral cap'),
  },
  raffle: {
    /** One ticket per delivered airtime/data purchase of at least this many naira. */
    min_purchase: naira('minimum purchase'),
    /** Tickets expire at the end of the month they were earned in, or this many days after. */
    expiry: z.enum(['end_of_month', 'days'], { error: 'The ticket expiry must be end_of_month or days.' }),
    expiry_days: numeric(
      z
        .number({ error: numberMessage('number of days') })
        .min(1, 'The number of days must be at least 1.')
        .max(365, { message: 'The number of days is too large.', abort: true })
        .int('The number of days must be a whole number.'),
    ),
    /** A customer who won a draw sits out the other draws of that Lagos calendar month. */
    one_win_per_month: z.boolean({ error: 'Choose whether a customer can win once a month only.' }),
    /** What the next draw's winner gets, as customers read it ('' until announced). */
    prize: z
      .string({ error: 'The prize must be text.' })
      .trim()
      .max(120, 'Describe the prize in at most 120 characters.'),
    /** The day (Lagos, YYYY-MM-DD) of the next draw, shown with the tickets ('' until announced). */
    next_draw: z
      .string({ error: 'The draw date must be a date.' })
      .trim()
      .refine((day) => day === '' || z.iso.date().safeParse(day).success, 'Use a date like 2026-12-31.'),
  },
  commission: {
    sachet_water: percent('sachet water commission'),
    bottle_water: percent('bottle water commission'),
    gas: percent('gas commission'),
  },
  alerts: {
    /** Admins are alerted about a paid order no agent has accepted after this many minutes. */
    unaccepted_order_minutes: numeric(
      z
        .number({ error: numberMessage('number of minutes') })
        .min(1, 'The number of minutes must be at least 1.')
        .max(1440, { message: 'The number of minutes is too large.', abort: true })
        .int('The number of minutes must be a whole number.'),
    ),
    /**
     * The admins texted and e-mailed about an unaccepted order (every admin still gets it in the app
     * and by push). Empty, or none of them an admin any more: every admin is on duty.
     */
    on_duty_admin_ids: z
      .array(z.number({ error: 'Choose admins from the list.' }).int('Choose admins from the list.').positive(), {
        error: 'Choose admins from the list.',
      })
      .max(100, 'Choose at most 100 admins on duty.'),
  },
  withdrawals: {
    /**
     * For a day after a bank account is saved, withdrawals to it of more than this many naira wait
     * (held) before the transfer: a stolen session cannot empty the wallet into a new account at once.
     */
    new_account_hold_above: numeric(
      z
        .number({ error: numberMessage('amount held for new bank accounts') })
        .min(0, { message: 'The amount held for new bank accounts may not be negative.', abort: true })
        .max(MAX_DEPOSIT_NAIRA, { message: 'The amount held for new bank accounts is too large.', abort: true })
        .refine(hasAtMostTwoDecimals, 'The amount held for new bank accounts may have at most 2 decimal places.'),
    ),
    /** Any withdrawal of more than this many naira waits for an admin's approval before the transfer. */
    approval_above: numeric(
      z
        .number({ error: numberMessage('amount that needs approval') })
        .min(0, { message: 'The amount that needs approval may not be negative.', abort: true })
        .max(MAX_DEPOSIT_NAIRA, { message: 'The amount that needs approval is too large.', abort: true })
        .refine(hasAtMostTwoDecimals, 'The amount that needs approval may have at most 2 decimal places.'),
    ),
    /**
     * Whether a withdrawal to an account whose bank-resolved name is not the customer's own waits for
     * an admin's approval (money leaving for someone else's account).
     */
    hold_name_mismatch: z.boolean({ error: 'Choose whether withdrawals to other people’s accounts wait.' }),
  },
  adjustments: {
    /** A support credit of more than this many naira waits for a second admin's approval. */
    credit_approval_above: numeric(
      z
        .number({ error: numberMessage('credit that needs a second admin') })
        .min(0, { message: 'The credit that needs a second admin may not be negative.', abort: true })
        .max(MAX_DEPOSIT_NAIRA, { message: 'The credit that needs a second admin is too large.', abort: true })
        .refine(hasAtMostTwoDecimals, 'The credit that needs a second admin may have at most 2 decimal places.'),
    ),
  },
  funding: {
    /**
     * Who bears Paystack's fee on a bank transfer into a customer's dedicated account: the platform
     * (the wallet gets the whole amount) or the customer (the wallet gets the amount less the fee).
     */
    transfer_fee_bearer: z.enum(['platform', 'customer'], { error: 'The fee bearer must be platform or customer.' }),
  },
  /** How customers reach the business (the Help screen); '' where there is none. */
  support: {
    phone: contactPhone('support phone number'),
    whatsapp: contactPhone('WhatsApp number'),
    email: z
      .string({ error: 'The support e-mail must be text.' })
      .trim()
      .max(254, 'The support e-mail must not be longer than 254 characters.')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid support e-mail address.')
      .transform((value) => value.toLowerCase()),
  },
};

/** Business rules admins can change (DESIGN section 5). */
export const settingsSchema = z.object({
  referral: z.object({
    percent: settingsFields.referral.percent.default(1),
    cap: settingsFields.referral.cap.default(100),
  }),
  raffle: z.object({
    min_purchase: settingsFields.raffle.min_purchase.default(100),
    expiry: settingsFields.raffle.expiry.default('end_of_month'),
    expiry_days: settingsFields.raffle.expiry_days.default(30),
    one_win_per_month: settingsFields.raffle.one_win_per_month.default(true),
    prize: settingsFields.raffle.prize.default(''),
    next_draw: settingsFields.raffle.next_draw.default(''),
  }),
  commission: z.object({
    sachet_water: settingsFields.commission.sachet_water.default(5),
    bottle_water: settingsFields.commission.bottle_water.default(5),
    gas: settingsFields.commission.gas.default(3),
  }),
  alerts: z.object({
    unaccepted_order_minutes: settingsFields.alerts.unaccepted_order_minutes.default(15),
    on_duty_admin_ids: settingsFields.alerts.on_duty_admin_ids.default([]),
  }),
  withdrawals: z.object({
    new_account_hold_above: settingsFields.withdrawals.new_account_hold_above.default(20_000),
    approval_above: settingsFields.withdrawals.approval_above.default(500_000),
    hold_name_mismatch: settingsFields.withdrawals.hold_name_mismatch.default(false),
  }),
  adjustments: z.object({
    credit_approval_above: settingsFields.adjustments.credit_approval_above.default(100_000),
  }),
  funding: z.object({
    transfer_fee_bearer: settingsFields.funding.transfer_fee_bearer.default('platform'),
  }),
  support: z.object({
    phone: settingsFields.support.phone.default(''),
    whatsapp: settingsFields.support.whatsapp.default(''),
    email: settingsFields.support.email.default(''),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({
  referral: {},
  raffle: {},
  commission: {},
  alerts: {},
  withdrawals: {},
  adjustments: {},
  funding: {},
  support: {},
});

/** POST admin/settings/update: any subset of the groups, each with only the fields that change. */
export const settingsUpdateBody = z.object({
  referral: z.object(settingsFields.referral).partial().optional(),
  raffle: z.object(settingsFields.raffle).partial().optional(),
  commission: z.object(settingsFields.commission).partial().optional(),
  alerts: z.object(settingsFields.alerts).partial().optional(),
  withdrawals: z.object(settingsFields.withdrawals).partial().optional(),
  adjustments: z.object(settingsFields.adjustments).partial().optional(),
  funding: z.object(settingsFields.funding).partial().optional(),
  support: z.object(settingsFields.support).partial().optional(),
});
