import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { AppError } from '../../lib/http/errors';
import { isValidWebhookSignature } from '../../platform/paystack/webhook-signature';
import { currentUser, type Guards } from '../auth/guards';
import { initializeCardPayment, processWebhook, recordWebhook } from './service';

export async function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/payments/paystack/initialize',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['payments'], body: z.object({ purpose: z.string().min(1).max(40) }).passthrough() },
    },
    async (request) => {
      const user = currentUser(request);
      const { purpose, ...input } = request.body;
      return ok(await initializeCardPayment(ctx, user, purpose, input), 'Payment started');
    },
  );

  // Webhooks are answered at once and processed right after; closing the app waits for that work
  // so a shutdown never cuts a webhook off halfway (the reconciliation job would retry it anyway).
  const processing = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled([...processing])));

  // The webhook needs the raw body for the signature, so it parses JSON itself.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post('/payments/paystack/webhook', { schema: { tags: ['payments'], hide: true } }, async (request, reply) => {
      const raw = request.body as Buffer;
      if (
        !Buffer.isBuffer(raw) ||
        !isValidWebhookSignature(raw, request.headers['x-paystack-signature'], ctx.config.PAYSTACK_SECRET_KEY)
      ) {
        throw new AppError('unauthorized', 'Invalid signature.');
      }
      let payload: { event?: unknown; data?: unknown };
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The request body is not valid JSON.');
      }
      if (typeof payload.event !== 'string')
        throw new AppError('validation', 'The event field is required.', { event: ['The event field is required.'] });
      const id = await recordWebhook(ctx, payload.event, payload as Record<string, unknown>);
      if (id !== null) {
        const task = processWebhook(ctx, id)
          .catch((error: unknown) =>
            ctx.log.error({ err: error, webhookId: id }, 'webhook processing stopped; reconciliation will retry'),
          )
          .finally(() => processing.delete(task));
        processing.add(task);
      }
      return reply.code(200).send(ok(null, 'Received'));
    });
  });
}
