import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isLegacyPath, pathRuleBroken } from '@ruwa/contract/api-paths';
import { envelope } from '@ruwa/contract/replies';
import { z } from 'zod';

/**
 * What the OpenAPI document says of every route, derived from the route itself so it cannot drift:
 * an operationId from the method and path, bearer security when a guard protects it, and the error
 * answers its guards, limits and input schemas can give. A route states the rest in its own schema
 * (summary, tags, its success body, and errors only its service knows of, such as 404).
 */

/** What a guard or hook tells the document about a route it is attached to. */
type RouteTrait = 'signed-in' | 'restricted' | 'rate-limited';
const traits = new WeakMap<object, RouteTrait>();

/** Marks a hook so routes using it are documented with its answers (401, 403 or 429). */
export function documentAs<Hook extends object>(hook: Hook, trait: RouteTrait): Hook {
  traits.set(hook, trait);
  return hook;
}

/** Every error answer: a message, and for 422 the messages per field; some carry a machine `code`. */
export const errorBody = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});

export { envelope } from '@ruwa/contract/replies';

/** A route that creates something answers 201 with the new record. */
export const created = <Data extends z.ZodType>(data: Data) => ({
  201: envelope(data).describe('Created: `data` holds the new record.'),
});

/** A purchase answers 201 when it is new, 200 when the same payment reference already bought it. */
export const createdOrReplayed = <Data extends z.ZodType>(data: Data) => ({
  200: envelope(data).describe('Already done with this payment reference: `data` is that purchase.'),
  ...created(data),
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The body is not valid JSON, or the request cannot be carried out as sent.',
  401: 'No valid bearer token.',
  403: 'The signed-in user may not do this.',
  404: 'What the request names does not exist, or is not the caller’s.',
  409: 'It conflicts with the current state (already done, or changed at the same time).',
  413: 'The body is larger than the server accepts.',
  415: 'The body is not sent as application/json.',
  422: 'The input is invalid: `errors` names each field with its messages.',
  423: 'Locked for a while (too many wrong wallet PINs): `retry_after_seconds` and `Retry-After` say how long.',
  429: 'Too many attempts: try again after the `Retry-After` seconds.',
  502: 'A provider (Paystack or the VTU provider) did not give a usable answer.',
};

/** Error answers for a route's schema: `response: { 200: ..., ...errorResponses(404, 409) }`. */
/** A file answer as the OpenAPI document says it: its media types, each a byte string. */
export const fileReply = (description: string, ...types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string() }])),
});

export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBody.describe(ERROR_DESCRIPTIONS[status]!)]));
}

/** `POST /api/auth/login/two-factor` -> `postAuthLoginTwoFactor`; `GET /uploads/*` -> `getUploadsFile`. */
export function operationIdOf(method: string, url: string): string {
  const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/_.-]+/)
    .map((word) => (word === '*' ? 'file' : word.startsWith(':') ? `by${capitalized(word.slice(1))}` : word))
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map(capitalized)].join('');
}

const hooksOf = (route: RouteOptions): object[] =>
  [route.onRequest, route.preHandler].flat().filter((hook) => typeof hook === 'function');

/** Served outside /api, and part of the contract: the web app's runtime settings and the uploads. */
const DOCUMENTED_OUTSIDE_API: Record<string, Record<string, unknown>> = {
  '/env.js': {
    summary: "The web app's runtime settings",
    description: 'JavaScript setting `window.__RUWA_ENV__` to `{ apiUrl, paystackPublicKey, paystackInlineUrl }`.',
    tags: ['platform'],
    response: {
      200: { description: 'The settings as a script', content: { 'text/javascript': { schema: z.string() } } },
    },
  },
  '/uploads/*': {
    summary: 'An uploaded image',
    description:
      'Images the API stored (product, category and profile pictures), by the URL a record holds. Names never ' +
      'change content, so they are cached for a year.',
    tags: ['platform'],
    response: {
      200: {
        description: 'The image',
        content: Object.fromEntries(
          ['image/jpeg', 'image/webp', 'image/png'].map((type) => [type, { schema: z.string() }]),
        ),
      },
      304: z.null().describe('Unchanged since the ETag the request named (If-None-Match).'),
      404: errorBody,
    },
  },
};

const LEGACY_NOTE = 'Legacy path: the original client calls it so, and it is kept as it is.';

/**
 * Fills in the route's documentation (an onRoute hook); routes outside /api are left out of it. A
 * route whose path breaks the API's path rule stops the server from starting.
 */
export function describeRoute(route: RouteOptions) {
  const outside = DOCUMENTED_OUTSIDE_API[route.url];
  if (outside && [route.method].flat().includes('GET')) {
    route.schema = {
      ...route.schema,
      ...outside,
      hide: false,
      security: [],
      operationId: operationIdOf('GET', route.url),
    };
    return;
  }
  const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  // Hidden already: the documentation's own routes.
  if (schema.hide) return;
  if (!route.url.startsWith('/api/')) {
    schema.hide = true;
    return;
  }
  const method = [route.method].flat()[0]!;
  const broken = pathRuleBroken(method, route.url, Object.hasOwn(schema.response ?? {}, 201));
  if (broken) throw new Error(`${method} ${route.url}: ${broken} (the rule is in @ruwa/contract/api-paths).`);
  if (isLegacyPath(method, route.url)) {
    schema['x-legacy'] = true;
    schema.description = [LEGACY_NOTE, schema.description].filter(Boolean).join(' ');
  }
  schema.operationId ??= operationIdOf(method, route.url);
  const found = new Set(hooksOf(route).map((hook) => traits.get(hook)));
  const signedIn = found.has('signed-in') || found.has('restricted');
  schema.security ??= signedIn ? [{ bearer: [] }] : [];
  const statuses: number[] = [];
  if (signedIn) statuses.push(401);
  if (found.has('restricted')) statuses.push(403);
  if (schema.body) statuses.push(400, 413, 415);
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.push(422);
  if (found.has('rate-limited')) statuses.push(429);
  schema.response = { ...errorResponses(...statuses), ...schema.response };
  // Every reply is serialized through its schema: a route without one would answer nothing useful.
  if (!Object.keys(schema.response).some((status) => status.startsWith('2'))) {
    throw new Error(`${method} ${route.url} declares no success reply schema (response: { 200: envelope(...) }).`);
  }
}

/**
 * The zod schemas as JSON Schema (the type provider's transform), with the uploads' wildcard route
 * written as OpenAPI can say it: `/uploads/{file}`.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  if (input.url !== '/uploads/*') return output;
  const file = { type: 'string', description: 'The path the stored URL gives after /uploads/.' };
  return {
    url: '/uploads/{file}',
    schema: { ...output.schema, params: { type: 'object', properties: { file }, required: ['file'] } },
  };
};

export function withoutHeadOperations<Document extends { paths?: object }>(document: Document): Document {
  for (const item of Object.values(document.paths ?? {}) as { head?: unknown }[]) delete item.head;
  return document;
}
