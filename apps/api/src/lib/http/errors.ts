import type { ApiErrorCode } from '@ruwa/contract';
import type { z } from 'zod';

/**
 * The one error type the app throws on purpose. Services throw it; the error handler turns it into
 * the envelope and status code. Data access never throws it (it returns data or null).
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'locked'
  | 'too_many_requests'
  | 'bad_gateway';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  locked: 423,
  too_many_requests: 429,
  bad_gateway: 502,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Per-field messages for 422 answers. */
    readonly fields?: Record<string, string[]>,
    /** Extra machine-readable fields merged into the body (e.g. { code: 'possible_duplicate' }). */
    readonly extra?: { code?: ApiErrorCode } & Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** For a 423 or 429: the seconds the client should wait, sent as Retry-After. */
  retryAfterSeconds?: number;

  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  get statusCode(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

/** A 422 on a single field: the shape forms show under the input. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);

/**
 * Parses input that a route could not validate by its schema alone (e.g. a payment's body, whose
 * shape depends on its purpose): bad input is a 422 naming each field, never a thrown ZodError.
 */
export function parseInput<Output>(schema: z.ZodType<Output>, value: unknown): Output {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw new AppError('validation', parsed.error.issues[0]!.message, fields);
}
