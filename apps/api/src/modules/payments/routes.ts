import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentIntentReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { afterReply } from '../../lib/http/after-reply';
import { envelope, errorResponses } from '../../lib/http/openapi';
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
      schema: {
        tags: ['payments'],
        summary: 'Start a card payment for a purchase',
        response: { 200: envelope(paymentIntentReply), ...errorResponses(409) },
        body: z.object({ purpose: z.string().min(1).max(40) }).passthrough(),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { purpose, ...input } = request.body;
      return ok(await initializeCardPayment(ctx, user, purpose, input), 'Payment started');
    },
  );

  // Webhooks are answered at once and processed right after (the reconciliation job would retry
  // one whose processing stopped).
  const later = afterReply(app, ctx.log);

  // The webhook needs the raw body for the signature, so it parses JSON itself.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const webhookSchema = {
      tags: ['payments'],
      summary: 'Paystack events (signed)',
      description:
        'Paystack posts `charge.success` and transfer events here. The raw body must carry an ' +
        '`x-paystack-signature` header: the hex HMAC-SHA512 of the body keyed by the secret key.',
      response: { 200: envelope(z.null()), ...errorResponses(400, 401, 422) },
    };
    hook.post('/payments/paystack/webhook', { schema: webhookSchema }, async (request, reply) => {
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
        later(() => processWebhook(ctx, id), 'webhook processing stopped; reconciliation will retry', {
          webhookId: id,
        });
      }
      return reply.code(200).send(ok(null, 'Received'));
    });
  });
}
