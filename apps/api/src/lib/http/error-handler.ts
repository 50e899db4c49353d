import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** What every unexpected failure answers; the detail goes to the log only. */
export const MASKED_MESSAGE = 'Something went wrong on our side. Please try again.';

type PgError = { code?: string; constraint?: string; table?: string; cause?: unknown };

/** The PostgreSQL error behind a thrown one: Drizzle wraps driver errors, so it may be the cause. */
const postgresErrorOf = (thrown: PgError): PgError =>
  (thrown.code ? thrown : (thrown.cause as PgError | undefined)) ?? thrown;

/** A foreign key refused the write (23503), or an `on delete restrict` one refused a delete (23001). */
const STILL_REFERENCED = new Set(['23503', '23001']);

/** Whether a write failed because other rows still refer to the one it changed. */
export const isStillReferenced = (thrown: unknown): boolean =>
  typeof thrown === 'object' && thrown !== null && STILL_REFERENCED.has(postgresErrorOf(thrown as PgError).code ?? '');

/**
 * Unique indexes are named `<table>_<field>_unique`, so a violation can name the field the form
 * shows it under.
 */
function fromPostgres(thrown: PgError): AppError | null {
  const error = postgresErrorOf(thrown);
  switch (error.code) {
    case '23505': {
      const match = error.table && error.constraint?.match(new RegExp(`^${error.table}_(\\w+)_unique$`));
      if (!match) return new AppError('conflict', 'This record already exists.');
      const field = match[1]!;
      const message = `The ${field.replaceAll('_', ' ')} has already been taken.`;
      return new AppError('validation', message, { [field]: [message] });
    }
    case '23503':
    case '23001':
      return new AppError('conflict', 'This record is still in use or refers to something that does not exist.');
    case '23502':
    case '23514':
    case '22P02':
    case '22003':
      return new AppError('validation', 'The given data was invalid.');
    case '40001':
    case '40P01':
      return new AppError('conflict', 'Another request changed this at the same time. Please try again.');
    default:
      return null;
  }
}

/** Turns zod issues from the type provider into `{ field: [messages] }`. */
function validationFields(error: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || (error.validationContext === 'body' ? 'body' : String(error.validationContext ?? 'input'));
    (fields[field] ??= []).push(issue.message ?? 'The value is invalid.');
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationFields(error);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ message: first, errors });
    }

    const known = error instanceof AppError ? error : fromPostgres(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      if (known.retryAfterSeconds !== undefined) reply.header('retry-after', String(known.retryAfterSeconds));
      return reply.code(known.statusCode).send({
        message: known.message,
        ...(known.fields ? { errors: known.fields } : {}),
        ...known.extra,
      });
    }

    // Fastify's own client errors: malformed JSON, body too large, wrong content type, rate limits.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as application/json.'
              : error.message;
      return reply.code(status).send({ message });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MASKED_MESSAGE });
  });
}
