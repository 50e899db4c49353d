import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import type { SandboxTools } from './sandbox-tools';
import { sandboxPaystackRefunds, sandboxPaystackTransactions } from './schema';

/** A refund whose merchant note is this fails at the bank (`refund.failed`); any other is processed. */
export const SANDBOX_FAILING_REFUND_NOTE = 'sandbox:fail';

/**
 * Paystack's Refund API (`POST /refund`, `GET /refund`, `GET /refund/:id`) in Paystack's shapes. A
 * refund is queued (pending), then a moment later processed or failed, and the matching
 * `refund.processed` / `refund.failed` webhook is signed and sent, as Paystack does. Once refunds
 * processed cover the whole charge, the transaction reads `reversed`, as Paystack lists it.
 */
export function registerRefundSandbox(sandbox: FastifyInstance, ctx: AppContext, tools: SandboxTools) {
  const s = sandbox.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const { requireSecret, answer, sendWebhook } = tools;

  /** Paystack lists a charge whose processed refunds cover all of it as `reversed`. */
  const markReversedWhenCovered = async (reference: string) => {
    await db.execute(sql`
      update sandbox_paystack_transactions t set status = 'reversed'
      where t.reference = ${reference} and t.status = 'success'
        and t.amount_kobo <= (select coalesce(sum(r.amount_kobo), 0) from sandbox_paystack_refunds r
          where r.transaction_reference = t.reference and r.status = 'processed')`);
  };

  const refundData = (
    refund: typeof sandboxPaystackRefunds.$inferSelect,
    transaction: typeof sandboxPaystackTransactions.$inferSelect,
  ) => ({
    transaction: {
      id: transaction.id,
      domain: 'test',
      reference: transaction.reference,
      amount: transaction.amountKobo,
      paid_at: transaction.paidAt?.toISOString() ?? null,
      channel: transaction.channel,
      currency: transaction.currency,
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: transaction.paidAt?.toISOString() ?? null,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: 100032,
    deducted_amount: 0,
    channel: null,
    merchant_note: refund.merchantNote ?? '',
    customer_note: refund.customerNote ?? '',
    status: refund.status,
    refunded_by: 'sandbox@ruwa.local',
    expected_at: new Date(refund.createdAt.getTime() + 10 * 86_400_000).toISOString(),
    currency: transaction.currency,
    domain: 'test',
    amount: refund.amountKobo,
    fully_deducted: false,
    id: refund.id,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  });

  s.post(
    '/refund',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          transaction: z.union([z.string().min(1).max(100), z.number().int()]),
          amount: z.coerce.number().int().positive().optional(),
          currency: z.string().optional(),
          customer_note: z.string().max(500).optional(),
          merchant_note: z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { transaction: ref, amount, customer_note: customerNote, merchant_note: merchantNote } = request.body;
      const [transaction] = await db
        .select()
        .from(sandboxPaystackTransactions)
        .where(
          typeof ref === 'number'
            ? eq(sandboxPaystackTransactions.id, ref)
            : eq(sandboxPaystackTransactions.reference, ref),
        );
      if (!transaction) return answer(reply, 404, 'Transaction not found');
      if (transaction.status !== 'success')
        return answer(reply, 400, 'Cannot refund a transaction that was not successful');
      const [{ refunded } = { refunded: 0 }] = await db
        .select({ refunded: sql<number>`coalesce(sum(${sandboxPaystackRefunds.amountKobo}), 0)`.mapWith(Number) })
        .from(sandboxPaystackRefunds)
        .where(sql`${sandboxPaystackRefunds.transactionReference} = ${transaction.reference}
          and ${sandboxPaystackRefunds.status} <> 'failed'`);
      const amountKobo = amount ?? transaction.amountKobo - refunded;
      if (amountKobo <= 0 || amountKobo + refunded > transaction.amountKobo)
        return answer(reply, 400, 'Refund amount cannot be greater than the transaction amount');
      const [refund] = await db
        .insert(sandboxPaystackRefunds)
        .values({ transactionReference: transaction.reference, amountKobo, customerNote, merchantNote })
        .returning();
      // The bank answers a moment later, and the webhook says how it went.
      setTimeout(() => {
        const outcome = merchantNote === SANDBOX_FAILING_REFUND_NOTE ? 'failed' : 'processed';
        db.update(sandboxPaystackRefunds)
          .set({ status: outcome, updatedAt: new Date() })
          .where(eq(sandboxPaystackRefunds.id, refund!.id))
          .returning()
          .then(async ([settled]) => {
            if (outcome === 'processed') await markReversedWhenCovered(transaction.reference);
            return settled;
          })
          .then((settled) =>
            sendWebhook(`refund.${outcome}`, {
              status: outcome,
              transaction_reference: transaction.reference,
              refund_reference: outcome === 'processed' ? `RFN${settled!.id}${Date.now()}` : null,
              amount: settled!.amountKobo,
              currency: transaction.currency,
              processor: 'sandbox',
              customer: { email: transaction.email },
              integration: 100032,
              domain: 'test',
              id: settled!.id,
            }),
          )
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'sandbox refund not settled'));
      }, 300).unref();
      return answer(reply, 200, 'Refund has been queued for processing', refundData(refund!, transaction));
    },
  );

  // GET /refund: newest first, filtered by when the refund was created, paged as Paystack does.
  s.get(
    '/refund',
    {
      onRequest: requireSecret,
      schema: {
        querystring: z.object({
          from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
          to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
          perPage: z.coerce.number().int().min(1).max(1000).default(50),
          page: z.coerce.number().int().min(1).default(1),
        }),
      },
    },
    async (request, reply) => {
      const { from, to, perPage, page } = request.query;
      const where = and(
        from ? gte(sandboxPaystackRefunds.createdAt, new Date(from)) : undefined,
        to ? lte(sandboxPaystackRefunds.createdAt, new Date(to)) : undefined,
      );
      const [rows, [totals], [failed]] = await Promise.all([
        db
          .select()
          .from(sandboxPaystackRefunds)
          .where(where)
          .orderBy(desc(sandboxPaystackRefunds.createdAt), desc(sandboxPaystackRefunds.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(sandboxPaystackRefunds).where(where),
        db
          .select({ total: count() })
          .from(sandboxPaystackRefunds)
          .where(and(where, eq(sandboxPaystackRefunds.status, 'failed'))),
      ]);
      const transactions = rows.length
        ? await db
            .select()
            .from(sandboxPaystackTransactions)
            .where(
              inArray(
                sandboxPaystackTransactions.reference,
                rows.map((row) => row.transactionReference),
              ),
            )
        : [];
      const byReference = new Map(transactions.map((row) => [row.reference, row]));
      const total = Number(totals?.total ?? 0);
      return reply.send({
        status: true,
        message: 'Refunds retrieved',
        data: rows.map((refund) => {
          const transaction = byReference.get(refund.transactionReference);
          return {
            integration: 100032,
            transaction: transaction?.id ?? 0,
            dispute: null,
            settlement: null,
            id: refund.id,
            domain: 'test',
            currency: transaction?.currency ?? 'NGN',
            amount: refund.amountKobo,
            status: refund.status,
            refunded_at: refund.status === 'processed' ? refund.updatedAt.toISOString() : null,
            refunded_by: 'sandbox@ruwa.local',
            customer_note: refund.customerNote ?? '',
            merchant_note: refund.merchantNote ?? '',
            deducted_amount: refund.status === 'processed' ? refund.amountKobo : 0,
            fully_deducted: refund.status === 'processed' ? 1 : 0,
            createdAt: refund.createdAt.toISOString(),
            bank_reference: null,
            transaction_reference: refund.transactionReference,
            reason: refund.merchantNote ?? '',
            customer: {
              id: 1,
              first_name: '',
              last_name: '',
              email: transaction?.email ?? '',
              customer_code: 'CUS_sandbox',
              phone: null,
              metadata: '',
              risk_action: 'default',
              international_format_phone: '',
            },
            refund_type: transaction && refund.amountKobo < transaction.amountKobo ? 'partial' : 'full',
            transaction_amount: transaction?.amountKobo ?? refund.amountKobo,
            initiated_by: 'api',
            refund_channel: transaction?.channel ?? 'card',
            session_id: null,
            collect_account_number: false,
          };
        }),
        meta: {
          total,
          skipped: (page - 1) * perPage,
          perPage: String(perPage),
          page,
          pageCount: Math.max(1, Math.ceil(total / perPage)),
          failedRefundCount: Number(failed?.total ?? 0),
        },
      });
    },
  );

  s.get('/refund/:id', { onRequest: requireSecret }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    const [refund] = Number.isInteger(id)
      ? await db.select().from(sandboxPaystackRefunds).where(eq(sandboxPaystackRefunds.id, id))
      : [];
    if (!refund) return answer(reply, 404, 'Refund not found');
    const [transaction] = await db
      .select()
      .from(sandboxPaystackTransactions)
      .where(eq(sandboxPaystackTransactions.reference, refund.transactionReference));
    return answer(reply, 200, 'Refund retrieved', refundData(refund, transaction!));
  });
}
