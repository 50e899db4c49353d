import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Query parameters that carry secrets (reset links) never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|reference)=)[^&]*/gi, '$1[redacted]');
}

type LoggedRequest = { method: string; url: string; ip?: string; id?: string };

/**
 * Drizzle writes a failed query's parameters (e-mails, phone numbers, password and token hashes) into
 * its error message as `\nparams: a,b,c`; the query text says enough to find the fault.
 */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const out: Record<string, unknown> = { ...serialized };
  // The error or any of its causes may be the query error; pino joins their messages and stacks.
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (!('params' in e)) continue;
    const leaked = `\nparams: ${String((e as { params: unknown }).params)}`;
    for (const key of ['message', 'stack']) {
      if (typeof out[key] === 'string') out[key] = (out[key] as string).replaceAll(leaked, '\nparams: [redacted]');
    }
    if (e === error) out.params = '[redacted]';
  }
  return out;
}

/**
 * pino options: request logs carry method, URL (secrets redacted), status and time; never headers,
 * bodies, tokens or passwords. The "request completed" line holds all four (`res.method`, `res.url`,
 * `res.statusCode`, `responseTime`), so one line tells what was asked and how it went.
 * `destination` defaults to stdout; tests pass a stream to read what would be written.
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: LoggedRequest) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      // Fastify hands over its reply, which knows its request; a bare `{ statusCode }` has none.
      res: (res: { statusCode: number; request?: LoggedRequest }) => ({
        statusCode: res.statusCode,
        ...(res.request ? { method: res.request.method, url: redactUrl(res.request.url) } : {}),
      }),
      err: serializeError,
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}
