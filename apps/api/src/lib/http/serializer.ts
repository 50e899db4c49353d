import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Replies go out through their route's response schema, so a field the schema does not name is
 * dropped: nothing undocumented (or private) leaves the server. Under test that drop is an error
 * instead, so a schema that forgets a field the service returns fails the suite rather than quietly
 * hiding the field from the web app.
 */
export function replySerializer(options: { strict: boolean }): FastifySerializerCompiler<z.ZodType> {
  const encode = createSerializerCompiler({});
  if (!options.strict) return encode;
  return (route) => {
    const serialize = encode(route);
    return (data) => {
      const json = serialize(data);
      const dropped = droppedPaths(JSON.parse(JSON.stringify(data)), JSON.parse(json), '');
      if (dropped.length > 0) {
        const message = `${route.method} ${route.url} ${route.httpStatus}: the reply schema does not name ${dropped.join(', ')}`;
        console.error(message);
        throw new Error(message);
      }
      return json;
    };
  };
}

/** The paths present in `sent` (as JSON) that are missing from `encoded`. */
export function droppedPaths(sent: unknown, encoded: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(encoded)) {
    return sent.flatMap((item, index) => droppedPaths(item, encoded[index], `${path}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(encoded)) return [];
  return Object.keys(sent).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in encoded ? droppedPaths(sent[key], encoded[key], at) : [at];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
