import { z } from 'zod';

/**
 * A number written as text: digits with at most one decimal point. A leading minus sign is read
 * too, so "-5" gets the schema's own "greater than 0" message rather than "must be a number".
 */
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
/** The same with thousands grouped the way people write amounts: "3,000", "1,250,000.50". */
const GROUPED_NUMBER_TEXT = /^\s*-?\d{1,3}(,\d{3})+(\.\d+)?\s*$/;

/** Text read as a number by `numeric`, or undefined when it is not plain (or grouped) decimal text. */
export function numberFromText(text: string): number | undefined {
  if (NUMBER_TEXT.test(text)) return Number(text);
  if (GROUPED_NUMBER_TEXT.test(text)) return Number(text.replaceAll(',', ''));
  return undefined;
}

/**
 * A number from JSON, or from text where clients send numbers as strings (form fields, query
 * strings). Only decimal text counts, its thousands optionally grouped with commas: "1e3", "0x10", "", [100] and true are not numbers here,
 * though JavaScript's Number() would read them as 1000, 16, 0, 100 and 1. `schema` says what else
 * the number must be (whole, in range...) and carries the "must be a number" message. Where it must
 * be whole, put the range check first with `abort: true`: zod's int() refuses numbers beyond 2^53,
 * so 1e308 would otherwise read as "not whole" rather than "too large".
 */
export function numeric<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' ? (numberFromText(value) ?? value) : value), schema);
}
