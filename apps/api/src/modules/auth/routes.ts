import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESET_REQUEST_MESSAGE, loginBody, registerBody, resetBody, resetRequestBody } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { AppError } from '../../lib/http/errors';
import type { Guards } from './guards';
import * as auth from './service';

const WINDOW = '1 minute';

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Two limits on each credential route: per client address and per e-mail named in the body.
  // (@fastify/rate-limit runs one limiter per request, so both are checked here by hand.)
  const limits = (name: string) => {
    const perIp = app.createRateLimit({
      max: ctx.config.RATE_LIMIT_AUTH_PER_IP,
      timeWindow: WINDOW,
      keyGenerator: (request: FastifyRequest) => `${name}:ip:${request.ip}`,
    });
    const perEmail = app.createRateLimit({
      max: ctx.config.RATE_LIMIT_AUTH_PER_EMAIL,
      timeWindow: WINDOW,
      keyGenerator: (request: FastifyRequest) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${name}:email:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
      },
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const check of [perIp, perEmail]) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new AppError('too_many_requests', `Too many attempts. Try again in ${result.ttlInSeconds} seconds.`);
        }
      }
    };
  };

  api.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerBody }, preHandler: limits('register') },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body);
      return reply.code(201).send(ok(result, 'Registration successful. Sign in to continue.'));
    },
  );

  api.post('/auth/login', { schema: { tags: ['auth'], body: loginBody }, preHandler: limits('login') }, async (request) =>
    ok(await auth.login(ctx, request.body), 'Login successful'),
  );

  api.post('/auth/logout', { schema: { tags: ['auth'] }, onRequest: guards.requireUser }, async (request) => {
    await auth.logout(ctx, request.tokenId!);
    return ok(null, 'Logged out');
  });

  api.post(
    '/auth/password/request/reset',
    { schema: { tags: ['auth'], body: resetRequestBody }, preHandler: limits('reset') },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.email);
      return ok(null, RESET_REQUEST_MESSAGE);
    },
  );

  api.post('/auth/password/reset', { schema: { tags: ['auth'], body: resetBody }, preHandler: limits('reset-confirm') }, async (request) => {
    await auth.resetPassword(ctx, request.body);
    return ok(null, 'Your password has been changed. Sign in with the new password.');
  });
}
