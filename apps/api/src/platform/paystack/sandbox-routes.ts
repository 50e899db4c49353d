import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { PAYSTACK_SANDBOX_INLINE_JS } from '../../paths';
import { installFaultHooks, sandboxFaults } from '../faults/faults';
import { registerDedicatedAccountSandbox } from './sandbox-dedicated-accounts';
import { registerRefundSandbox } from './sandbox-refunds';
import { registerSettlementSandbox } from './sandbox-settlements';
import { answer } from './sandbox-tools';
import { registerTransactionSandbox } from './sandbox-transactions';
import { registerTransferSandbox } from './sandbox-transfers';
import { signWebhook } from './webhook-signature';

export { paystackFeeKobo, sandboxSettlements } from './sandbox-settlements';

export const PAYSTACK_WEBHOOK_PATH = '/api/payments/paystack/webhook';
const inlineJs = readFileSync(PAYSTACK_SANDBOX_INLINE_JS, 'utf8');

/**
 * The Paystack sandbox (DESIGN section 6): Paystack's HTTP API, its signed webhooks and its inline
 * popup, served by our own server. Mounted only while no real keys are configured.
 */
export async function registerPaystackSandbox(app: FastifyInstance, ctx: AppContext) {
  const secret = ctx.config.PAYSTACK_SECRET_KEY;
  const faults = sandboxFaults(ctx);

  const requireSecret = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== `Bearer ${secret}`) return answer(reply, 401, 'Invalid key');
  };

  /** Sends a signed event to our webhook route over HTTP, as Paystack would, a moment later. */
  const sendWebhook = (event: string, data: Record<string, unknown>, delayMs = 0) => {
    setTimeout(() => {
      if (faults?.takeWebhookDrop('paystack'))
        return ctx.log.info({ event, reference: data.reference }, 'sandbox webhook dropped (fault)');
      const body = JSON.stringify({ event, data });
      fetch(`${ctx.internalUrl()}${PAYSTACK_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(body, secret) },
        body,
      }).catch((error: unknown) => ctx.log.warn({ err: error, event }, 'sandbox webhook not delivered'));
    }, delayMs).unref();
  };

  const tools = { requireSecret, answer, sendWebhook };

  await app.register(
    async (sandbox) => {
      const s = sandbox.withTypeProvider<ZodTypeProvider>();
      // Faults hit the API our server calls, never the checkout a person (or a test) pays through.
      if (faults)
        installFaultHooks(
          sandbox,
          faults,
          'paystack',
          (url) => !/^\/sandbox\/paystack\/(inline\.js|checkout\/|test\/)/.test(url),
        );
      s.get('/inline.js', async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(inlineJs),
      );
      registerTransactionSandbox(sandbox, ctx, tools);
      registerSettlementSandbox(sandbox, ctx, tools);
      registerTransferSandbox(sandbox, ctx, tools);
      registerDedicatedAccountSandbox(sandbox, ctx, tools);
      registerRefundSandbox(sandbox, ctx, tools);
    },
    { prefix: '/sandbox/paystack' },
  );
}
