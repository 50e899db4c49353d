import { z } from 'zod';
import { idField } from './catalog';

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
