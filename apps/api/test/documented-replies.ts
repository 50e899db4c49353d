import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';

/**
 * Every reply the suite provokes is checked against the route's documentation: a status the route's
 * schema does not list fails the test that caused it. (Bodies are checked by the schemas themselves:
 * the serializer validates each documented status.) So the OpenAPI document lists what really happens.
 */
const undocumented = new Set<string>();

export function checkRepliesAgainstDocumentation(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const schema = request.routeOptions.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || schema.hide) return;
    // A 500 is a failure, never part of the contract (the suite provokes some on purpose).
    if (reply.statusCode >= 500 && reply.statusCode !== 502 && reply.statusCode !== 503) return;
    const status = String(reply.statusCode);
    const listed = Object.keys(schema.response);
    if (!listed.includes(status) && !listed.includes(`${status[0]}XX`)) {
      undocumented.add(
        `${request.method} ${request.routeOptions.url} answered ${status} (documented: ${listed.join(', ')})`,
      );
    }
  });
}

afterEach(() => {
  if (!undocumented.size) return;
  const found = [...undocumented].join('\n');
  undocumented.clear();
  throw new Error(`replies the OpenAPI document does not list:\n${found}`);
});
