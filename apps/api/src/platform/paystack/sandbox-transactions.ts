import { and, count, desc, eq, gte, lte, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { code, pageMeta, pageQuery, type SandboxTools } from './sandbox-tools';
import { sandboxPaystackTransactions } from './schema';

const chargeBody = z.object({
  reference: z.string().trim().min(1).max(100),
  email: z.string().trim().min(3).max(254),
  amount: z.coerce.number().int().positive(),
  currency: z.string().default('NGN'),
  metadata: z.unknown().optional(),
  outcome: z.enum(['success', 'failed']).default('success'),
});
type Charge = z.infer<typeof chargeBody> & { paidAt?: Date };

/**
 * The headless tests' charge: the popup's fields and, test-only, `paid_at` to record it as paid at
 * that time (created then too), so a check of a past day has a charge old enough to judge.
 */
const testChargeBody = chargeBody.extend({
  paid_at: z.iso.datetime({ offset: true }).optional(),
});

/**
 * Paystack's Transaction API (initialize, verify, list) and the checkout that pays a transaction:
 * the popup's buttons and the headless tests' charge. A successful charge sends `charge.success`.
 */
export function registerTransactionSandbox(sandbox: FastifyInstance, ctx: AppContext, tools: SandboxTools) {
  const s = sandbox.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const { requireSecret, answer, sendWebhook } = tools;

  const transactionData = (row: typeof sandboxPaystackTransactions.$inferSelect) => ({
    id: row.id,
    domain: 'test',
    status: row.status,
    reference: row.reference,
    amount: row.amountKobo,
    currency: row.currency,
    metadata: row.metadata ?? '',
    gateway_response: row.gatewayResponse ?? 'The transaction was not completed',
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    channel: row.channel,
    fees: row.feesKobo,
    customer: { email: row.email },
  });

  /** Records a charge exactly as the checkout does: the same reference is never charged twice. */
  const recordCharge = async (charge: Charge) => {
    const [existing] = await db
      .select()
      .from(sandboxPaystackTransactions)
      .where(eq(sandboxPaystackTransactions.reference, charge.reference));
    if (existing?.status === 'success') return existing;
    const values = {
      email: charge.email,
      amountKobo: charge.amount,
      currency: charge.currency,
      metadata: charge.metadata ?? null,
      status: charge.outcome,
      gatewayResponse: charge.outcome === 'success' ? 'Approved' : 'Declined',
      paidAt: charge.outcome === 'success' ? (charge.paidAt ?? new Date()) : null,
      ...(charge.paidAt ? { createdAt: charge.paidAt } : {}),
    };
    const [row] = existing
      ? await db
          .update(sandboxPaystackTransactions)
          .set(values)
          .where(eq(sandboxPaystackTransactions.id, existing.id))
          .returning()
      : await db
          .insert(sandboxPaystackTransactions)
          .values({ ...values, reference: charge.reference, accessCode: code('ac') })
          .returning();
    if (row!.status === 'success') sendWebhook('charge.success', transactionData(row!));
    return row!;
  };

  s.post(
    '/transaction/initialize',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          email: z.string().min(3),
          amount: z.coerce.number().int().positive(),
          reference: z.string().min(1).max(100).optional(),
          currency: z.string().default('NGN'),
          metadata: z.unknown().optional(),
        }),
      },
    },
    async (request, reply) => {
      const reference = request.body.reference ?? code('ref');
      const accessCode = code('ac');
      const [existing] = await db
        .select()
        .from(sandboxPaystackTransactions)
        .where(eq(sandboxPaystackTransactions.reference, reference));
      if (existing) return answer(reply, 400, 'Duplicate Transaction Reference');
      await db.insert(sandboxPaystackTransactions).values({
        reference,
        accessCode,
        email: request.body.email,
        amountKobo: request.body.amount,
        currency: request.body.currency,
        metadata: request.body.metadata ?? null,
      });
      return answer(reply, 200, 'Authorization URL created', {
        authorization_url: `${ctx.publicUrl}/sandbox/paystack/checkout/${accessCode}`,
        access_code: accessCode,
        reference,
      });
    },
  );

  s.get('/transaction/verify/:reference', { onRequest: requireSecret }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const [row] = await db
      .select()
      .from(sandboxPaystackTransactions)
      .where(eq(sandboxPaystackTransactions.reference, reference));
    if (!row) return answer(reply, 400, 'Transaction reference not found');
    return answer(reply, 200, 'Verification successful', transactionData(row));
  });

  // GET /transaction: newest first, filtered by creation time and status, paged as Paystack does
  // (`perPage` and `page`, `meta.total` and `meta.pageCount`).
  s.get(
    '/transaction',
    {
      onRequest: requireSecret,
      schema: {
        querystring: z.object({
          from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
          to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
          status: z.enum(['success', 'failed', 'abandoned', 'reversed']).optional(),
          ...pageQuery,
        }),
      },
    },
    async (request, reply) => {
      const { from, to, status, perPage, page } = request.query;
      const where = and(
        from ? gte(sandboxPaystackTransactions.createdAt, new Date(from)) : undefined,
        to ? lte(sandboxPaystackTransactions.createdAt, new Date(to)) : undefined,
        status ? eq(sandboxPaystackTransactions.status, status) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(sandboxPaystackTransactions)
          .where(where)
          .orderBy(desc(sandboxPaystackTransactions.createdAt), desc(sandboxPaystackTransactions.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ total: count(), volume: sum(sandboxPaystackTransactions.amountKobo) })
          .from(sandboxPaystackTransactions)
          .where(where),
      ]);
      const total = Number(totals?.total ?? 0);
      return reply.send({
        status: true,
        message: 'Transactions retrieved',
        data: rows.map(transactionData),
        meta: { total, total_volume: Number(totals?.volume ?? 0), ...pageMeta(total, perPage, page) },
      });
    },
  );

  // The popup's "pay" and "decline" buttons, and the headless tests' equivalent.
  s.post('/checkout/charge', { schema: { body: chargeBody.extend({ key: z.string() }) } }, async (request, reply) => {
    if (request.body.key !== ctx.config.PAYSTACK_PUBLIC_KEY) return answer(reply, 401, 'Invalid public key');
    const row = await recordCharge(request.body);
    return answer(reply, 200, row.status === 'success' ? 'Approved' : 'Declined', {
      reference: row.reference,
      status: row.status,
    });
  });
  s.post('/test/charge', { schema: { hide: true, body: testChargeBody } }, async (request, reply) => {
    const { paid_at: paidAt, ...charge } = request.body;
    const row = await recordCharge({ ...charge, paidAt: paidAt ? new Date(paidAt) : undefined });
    return answer(reply, 200, 'Charge recorded', { reference: row.reference, status: row.status });
  });
}
