import type { FastifyInstance } from 'fastify';
import { AppError, fieldError } from './errors';

const NUL = '\u0000';
/** A UTF-16 surrogate standing alone (a JSON `\ud800` escape): it is no character and has no UTF-8 form. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a string cannot be stored as text. */
const flaw = (text: string): Flaw | null =>
  text.includes(NUL) ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : null;
type Flaw = 'nul' | 'surrogate';

/**
 * No form or client of ours nests deeper than a few levels. A body of `[[[[...]]]]` tens of
 * thousands deep costs a few kilobytes to send, and any recursive walk over it (validation, logging,
 * JSON.stringify) would overflow the stack: such bodies are refused before anything reads them.
 */
export const MAX_BODY_DEPTH = 32;

type Found = { path: string; flaw: Flaw } | { tooDeep: true } | null;

/**
 * The dotted path of the first string in `value` that cannot be stored as text (depth first, in
 * order), or that it nests deeper than `maxDepth`. Walked with a stack of its own, so no depth overflows it.
 */
function scan(value: unknown, maxDepth: number): Found {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const found = flaw(item);
      if (found) return { path, flaw: found };
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= maxDepth) return { tooDeep: true };
    const entries: [string | number, unknown][] = Array.isArray(item) ? [...item.entries()] : Object.entries(item);
    // Pushed last to first, so they are taken first to last.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyFlaw = typeof key === 'string' ? flaw(key) : null;
      if (keyFlaw) return { path: path || 'body', flaw: keyFlaw };
      stack.push({ value: child, path: path ? `${path}.${key}` : String(key), depth: depth + 1 });
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 nor a lone surrogate (it has no UTF-8 form), so either in any
 * input would reach the database only to fail there. Every route refuses them up front, before its
 * own validation: 422 naming the field. Input nested too deeply for anything to walk safely is
 * refused too, with a 400.
 */
export function refuseMalformedText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Only what the route reads: a query string it takes no parameters from is ignored anyway.
    const schema = (request.routeOptions.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    for (const [source, value, read] of [
      ['params', request.params, schema.params],
      ['query', request.query, schema.querystring],
      ['body', request.body, schema.body],
    ] as const) {
      if (!read) continue;
      const found = scan(value, MAX_BODY_DEPTH);
      if (found === null) continue;
      if ('tooDeep' in found) throw new AppError('bad_request', `The request ${source} is nested too deeply.`);
      const field = found.path || source;
      throw fieldError(
        field,
        found.flaw === 'nul'
          ? `The ${field} must not contain NUL characters.`
          : `The ${field} must be valid text (it holds a broken character).`,
      );
    }
  });
}
