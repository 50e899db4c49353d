import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors';

const NUL = '\u0000';

/** The dotted path of the first string holding a NUL character in `value`, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return path || 'body';
      const found = nulPath(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL character in any input would reach the database only
 * to fail there. Every route refuses it up front, before its own validation: 422 naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Only what the route reads: a query string it takes no parameters from is ignored anyway.
    const schema = (request.routeOptions.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    for (const [source, value] of [
      ['params', schema.params && request.params],
      ['query', schema.querystring && request.query],
      ['body', schema.body && request.body],
    ] as const) {
      const field = nulPath(value, '');
      if (field === null) continue;
      throw fieldError(field || source, `The ${field || source} must not contain NUL characters.`);
    }
  });
}
