import { z } from 'zod';

export type { Receipt, ReceiptKind, ReceiptLine } from './replies/receipts';

/**
 * What a receipt is asked for by: a purchase's ORD-/SUB-/VTU- reference or a wallet movement's
 * `TX_…` id. Anything else is a reference the customer does not have, answered 404 like someone
 * else's, so a guess learns nothing.
 */
export const receiptQuery = z.object({
  reference: z
    .string({ error: 'Enter a reference.' })
    .trim()
    .min(1, 'Enter a reference.')
    .max(100, 'The reference may not be longer than 100 characters.'),
});

/** The longest period one statement covers, in Lagos days (a leap year). */
export const STATEMENT_MAX_DAYS = 366;

const isCalendarDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

const statementDay = (which: string) =>
  z
    .string({ error: `Enter the ${which} day.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${which} day must be a date (YYYY-MM-DD).`)
    .refine((value) => isCalendarDay(value), {
      message: `The ${which} day must be a real date.`,
    });

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * A period of Lagos days, `from` to `to` (both included), of at most `maxDays` (`what` names the
 * thing the message says is too long): the wallet statement's and the admin exports'.
 */
export const dayRangeQuery = <Extra extends z.ZodRawShape>(maxDays: number, what: string, extra: Extra) =>
  z.object({ from: statementDay('first'), to: statementDay('last'), ...extra }).superRefine((query, issue) => {
    const { from, to } = query as { from: string; to: string };
    if (!isCalendarDay(from) || !isCalendarDay(to)) return;
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1)
      issue.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first.' });
    else if (days > maxDays)
      issue.addIssue({ code: 'custom', path: ['to'], message: `${what} covers at most ${maxDays} days.` });
  });

/** A wallet statement's period (Lagos days, both included) and its file format. */
export const statementQuery = dayRangeQuery(STATEMENT_MAX_DAYS, 'A statement', {
  format: z.enum(['csv', 'pdf'], { error: 'The format must be csv or pdf.' }).default('csv'),
});
export type StatementQuery = z.output<typeof statementQuery>;
