import { z } from 'zod';

/** Form text left blank reads as not sent, for the optional fields a form always sends. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A number written as text: digits with at most one decimal point. A leading minus sign is read
 * too, so "-5" gets the schema's own "greater than 0" message rather than "must be a number".
 */
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
/** The same with thousands grouped the way people write prices: "3,000", "1,250,000.50". */
const GROUPED_NUMBER_TEXT = /^\s*-?\d{1,3}(,\d{3})+(\.\d+)?\s*$/;

/**
 * A number from JSON, or from text where clients send numbers as strings (form fields, query
 * strings). Only plain decimal text counts: "1e3", "0x10", "", [100] and true are not numbers here,
 * though JavaScript's Number() would read them as 1000, 16, 0, 100 and 1. `schema` says what else
 * the number must be (whole, in range...) and carries the "must be a number" message. Where it must
 * be whole, put the range check first with `abort: true`: zod's int() refuses numbers beyond 2^53,
 * so 1e308 would otherwise read as "not whole" rather than "too large".
 */
export function numeric<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value),
    schema,
  );
}

/**
 * A number's type message that tells a field left empty (missing, or blank text from a form) from
 * one that holds something else: "Enter a quantity." reads better than "must be a number" there.
 */
export const numberError =
  (missing: string, invalid: string) =>
  ({ input }: { input: unknown }) =>
    input === undefined || (typeof input === 'string' && input.trim() === '') ? missing : invalid;

/**
 * `numeric` for prices an admin types, which may also group thousands ("3,000"). Amounts a customer
 * pays or withdraws stay plain: the commas are a typing convenience, not a second number format.
 */
export function groupedNumeric<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (NUMBER_TEXT.test(value)) return Number(value);
    return GROUPED_NUMBER_TEXT.test(value) ? Number(value.replaceAll(',', '')) : value;
  }, schema);
}
