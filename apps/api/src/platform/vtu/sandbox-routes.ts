import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_BUNDLE_SEED, NETWORKS } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { installFaultHooks, sandboxFaults } from '../faults/faults';
import { registerBillSandbox, registerBillSandboxTools } from './sandbox-bills';
import { SANDBOX_OPENING_FLOAT_NAIRA, SANDBOX_PENDING_MS, sandboxChargeKobo } from './sandbox-float';
import { sandboxVtuTransactions } from './schema';

export {
  SANDBOX_OPENING_FLOAT_NAIRA,
  SANDBOX_PENDING_MS,
  SANDBOX_VTU_DISCOUNT_PERCENT,
  sandboxChargeKobo,
} from './sandbox-float';

const outcomeFor = (phone: string) =>
  phone.endsWith('0000') ? 'failed' : phone.endsWith('9999') ? 'pending' : 'delivered';

/**
 * A VTpass-style VTU sandbox: /pay, /requery, /service-variations and /balance with VTpass codes.
 * Outcome by phone number: ending 0000 fails, ending 9999 stays pending until a requery at least 5 s
 * later, anything else is delivered. Like VTpass, it lists no transactions: a vend is looked up by
 * its request id.
 */
export async function registerVtuSandbox(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const keys = ctx.config;

  const transaction = (row: typeof sandboxVtuTransactions.$inferSelect, status: string) => ({
    code: '000',
    response_description:
      status === 'delivered'
        ? 'TRANSACTION SUCCESSFUL'
        : status === 'failed'
          ? 'TRANSACTION FAILED'
          : 'TRANSACTION PROCESSING',
    requestId: row.requestId,
    amount: String(row.amountNaira),
    transaction_date: { date: row.createdAt.toISOString() },
    content: {
      transactions: {
        status,
        product_name: row.serviceId,
        unique_element: row.phone,
        amount: row.amountNaira,
        commission: (row.amountNaira * 100 - sandboxChargeKobo(row.amountNaira)) / 100,
        total_amount: sandboxChargeKobo(row.amountNaira) / 100,
        transactionId: `SBX${row.id}`,
      },
    },
  });

  const requireKeys = (kind: 'secret' | 'public') => async (request: FastifyRequest, reply: FastifyReply) => {
    const ok =
      request.headers['api-key'] === keys.VTU_API_KEY &&
      (kind === 'secret'
        ? request.headers['secret-key'] === keys.VTU_SECRET_KEY
        : request.headers['public-key'] === keys.VTU_PUBLIC_KEY);
    if (!ok) return reply.code(401).send({ code: '087', response_description: 'INVALID CREDENTIALS' });
  };

  await app.register(
    async (sandbox) => {
      const faults = sandboxFaults(ctx);
      if (faults) installFaultHooks(sandbox, faults, 'vtu');
      const bills = registerBillSandbox(sandbox, ctx, requireKeys);
      sandbox.post('/pay', { onRequest: requireKeys('secret') }, async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (bills.isBill(body)) return bills.pay(body);
        const requestId = String(body.request_id ?? '');
        const serviceId = String(body.serviceID ?? '');
        const phone = String(body.phone ?? body.billersCode ?? '');
        if (!/^\d{12}/.test(requestId) || !serviceId || !/^\+?\d{10,14}$/.test(phone)) {
          return { code: '011', response_description: 'INVALID ARGUMENTS' };
        }
        const [existing] = await db
          .select()
          .from(sandboxVtuTransactions)
          .where(eq(sandboxVtuTransactions.requestId, requestId));
        if (existing) return { code: '014', response_description: 'REQUEST ID ALREADY EXIST' };
        const variation = DATA_BUNDLE_SEED.find((b) => b.variation_code === body.variation_code);
        const amount = variation ? variation.price : Number(body.amount);
        if (!Number.isFinite(amount) || amount <= 0) return { code: '011', response_description: 'INVALID ARGUMENTS' };
        const status = outcomeFor(phone);
        const [row] = await db
          .insert(sandboxVtuTransactions)
          .values({
            requestId,
            serviceId,
            phone,
            amountNaira: Math.round(amount),
            variationCode: variation?.variation_code ?? null,
            status,
          })
          .returning();
        if (status === 'failed')
          return { ...transaction(row!, 'failed'), code: '016', response_description: 'TRANSACTION FAILED' };
        if (status === 'pending')
          return { ...transaction(row!, 'pending'), code: '099', response_description: 'TRANSACTION IS PROCESSING' };
        return transaction(row!, 'delivered');
      });

      sandbox.post('/requery', { onRequest: requireKeys('secret') }, async (request) => {
        const requestId = String(((request.body ?? {}) as Record<string, unknown>).request_id ?? '');
        const [row] = await db
          .select()
          .from(sandboxVtuTransactions)
          .where(eq(sandboxVtuTransactions.requestId, requestId));
        if (!row) return { code: '015', response_description: 'INVALID REQUEST ID' };
        if (row.billersCode) return bills.requery(row);
        if (row.status === 'pending' && Date.now() - row.createdAt.getTime() >= SANDBOX_PENDING_MS) {
          await db
            .update(sandboxVtuTransactions)
            .set({ status: 'delivered' })
            .where(eq(sandboxVtuTransactions.id, row.id));
          return transaction(row, 'delivered');
        }
        return transaction(row, row.status);
      });

      // VTpass answers its balance with code 1 (not "000") and under `contents`.
      sandbox.get('/balance', { onRequest: requireKeys('public') }, async () => {
        const spent = await db
          .select({ naira: sandboxVtuTransactions.amountNaira })
          .from(sandboxVtuTransactions)
          .where(inArray(sandboxVtuTransactions.status, ['delivered', 'pending']));
        const spentKobo = spent.reduce((sum, row) => sum + sandboxChargeKobo(row.naira), 0);
        return { code: 1, contents: { balance: (SANDBOX_OPENING_FLOAT_NAIRA * 100 - spentKobo) / 100 } };
      });

      sandbox.get('/service-variations', { onRequest: requireKeys('public') }, async (request) => {
        const serviceId = String((request.query as Record<string, unknown>).serviceID ?? '');
        const network = NETWORKS.find((n) => `${n}-data` === serviceId);
        if (!network)
          return { code: '011', response_description: 'INVALID ARGUMENTS', content: { errors: 'unknown service' } };
        // Like VTpass, some answers spell it "varations" and amounts are strings.
        const key = randomInt(2) === 0 ? 'variations' : 'varations';
        return {
          response_description: '000',
          content: {
            ServiceName: `${network.toUpperCase()} Data`,
            serviceID: serviceId,
            [key]: DATA_BUNDLE_SEED.filter((b) => b.network === network).map((b) => ({
              variation_code: b.variation_code,
              name: b.name,
              variation_amount: b.price.toFixed(2),
              fixedPrice: 'Yes',
            })),
          },
        };
      });
    },
    { prefix: '/sandbox/vtu/api' },
  );
  await app.register(async (tools) => registerBillSandboxTools(tools, ctx), { prefix: '/sandbox/vtu' });
}
