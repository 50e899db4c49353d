import { z } from 'zod';

/**
 * What the API answers, as schemas: the server serializes every reply through them (a field not named
 * here never leaves it) and the OpenAPI document is generated from them. The web imports only their
 * types (`import type`), so none of this reaches a browser bundle.
 */

/** `{ message, data }`: every success answer. */
export const envelope = <Data extends z.ZodType>(data: Data) => z.object({ message: z.string(), data });

/** A Laravel-shaped page of `item`, as every list answers at `data`. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
    data: z.array(item),
  });

/** A moment as the API writes it: ISO 8601 in UTC (`2026-11-27T08:30:00.000Z`). */
export const timestamp = z.string().describe('ISO 8601 date-time, UTC');

/** A calendar day, `YYYY-MM-DD` (Lagos). */
export const day = z.string().describe('YYYY-MM-DD');

/** Naira as the spec's client reads it: a number with at most two decimals. */
export const naira = z.number().describe('naira');
