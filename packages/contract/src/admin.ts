import { z } from 'zod';
import { emailField } from './auth';
import { idField } from './catalog';
import { numberError, numeric } from './numbers';
import { STAFF_ROLES, STAFF_TEXTS } from './staff-roles';

/** A suspension's note for the audit log: optional, at most this long. */
export const SUSPEND_NOTE_MAX = 500;

/** POST admin/customers/suspend: the customer, and why (for the audit log). */
export const customerSuspendBody = z.object({
  id: idField(),
  note: z
    .string()
    .trim()
    .max(SUSPEND_NOTE_MAX, `The note may not be longer than ${SUSPEND_NOTE_MAX} characters.`)
    .optional(),
});
export type CustomerSuspendBody = z.input<typeof customerSuspendBody>;

export const MAX_TICKETS_AT_ONCE = 100;

/** POST raffle-tickets/store: tickets for a customer (by e-mail); without a date the settings' expiry rule applies. */
export const raffleTicketsStoreBody = z.object({
  email: emailField,
  count: numeric(
    z
      .number({ error: numberError('Enter how many tickets to create.', 'The count must be a number.') })
      .min(1, 'Create at least 1 ticket.')
      .max(MAX_TICKETS_AT_ONCE, {
        message: `Create at most ${MAX_TICKETS_AT_ONCE} tickets at a time.`,
        abort: true,
      })
      .int('The count must be a whole number.'),
  ).default(1),
  expiration_date: z.iso.date('Use a date like 2026-12-31.').optional(),
});

/** POST admin/staff/update-role: an admin's new staff role. */
export const staffRoleBody = z.object({
  id: idField(),
  staff_role: z.enum(STAFF_ROLES, { error: STAFF_TEXTS.chooseRole }),
});
export type StaffRoleBody = z.input<typeof staffRoleBody>;
