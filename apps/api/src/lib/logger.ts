import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** Query parameters that carry secrets (reset links) never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|reference)=)[^&]*/gi, '$1[redacted]');
}

/**
 * pino options: request logs carry method, URL (secrets redacted), status and time; never headers,
 * bodies, tokens or passwords.
 */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as FastifyBaseLogger;
}
