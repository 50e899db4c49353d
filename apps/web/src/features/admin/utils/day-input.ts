import { z } from 'zod';
import { formatInputDay, parseInputDay } from '@ruwa/contract/dates';

export { formatInputDay };

export const IMPOSSIBLE_DAY = 'Enter a real date as dd/mm/yyyy, e.g. 31/12/2026.';

/**
 * A date field typed the way Nigerians write dates, dd/mm/yyyy. A plain text box, not the browser's
 * date picker, whose order follows the browser's language (often mm/dd/yyyy).
 */
export const dayInputProps = { inputMode: 'numeric', placeholder: 'dd/mm/yyyy', autoComplete: 'off' } as const;

/**
 * A phone's number keypad may have no slash: 31-12-2026, 31.12.2026, 31 12 2026 and 31122026 are
 * read as 31/12/2026 too.
 */
function asSlashed(text: string): string {
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  return digits ? `${digits[1]}/${digits[2]}/${digits[3]}` : text.replace(/[-.\s]+/g, '/');
}

/** An optional day typed as dd/mm/yyyy -> 'YYYY-MM-DD' ('' when left empty); an impossible day fails. */
export const dayText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return '';
    const day = parseInputDay(asSlashed(text));
    if (day) return day;
    ctx.addIssue({ code: 'custom', message: IMPOSSIBLE_DAY });
    return z.NEVER;
  });
