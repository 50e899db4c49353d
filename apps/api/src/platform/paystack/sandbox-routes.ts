import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, desc, eq, gte, inArray, lte, sum } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lagosDay } from '@ruwa/contract/dates';
import type { AppContext } from '../../lib/context';
import { PAYSTACK_SANDBOX_INLINE_JS } from '../../paths';
import { installFaultHooks, sandboxFaults } from '../faults/faults';
import { FAILING_ACCOUNT, SANDBOX_BANKS, sandboxAccountName } from './banks';
import { registerDedicatedAccountSandbox } from './sandbox-dedicated-accounts';
import { registerRefundSandbox } from './sandbox-refunds';
import { sandboxPaystackRecipients, sandboxPaystackTransactions, sandboxPaystackTransfers } from './schema';
import { signWebhook } from './webhook-signature';

export const PAYSTACK_WEBHOOK_PATH = '/api/payments/paystack/webhook';
const inlineJs = readFileSync(PAYSTACK_SANDBOX_INLINE_JS, 'utf8');

const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
/** Paystack's own envelope, so the real client reads the sandbox exactly as it reads Paystack. */
const answer = (reply: FastifyReply, status: number, message: string, data?: unknown) =>
  reply
    .code(status)
    .send(data === undefined ? { status: status < 400, message } : { status: status < 400, message, data });

/** Paystack's paging fields of a list's `meta`. */
const pageMeta = (total: number, perPage: number, page: number) => ({
  skipped: (page - 1) * perPage,
  perPage,
  page,
  pageCount: Math.max(1, Math.ceil(total / perPage)),
});

/** A list's paging query as Paystack names it. */
const pageQuery = {
  perPage: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
};

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
 * The Paystack sandbox (DESIGN section 6): Paystack's HTTP API, its signed webhooks and its inline
 * popup, served by our own server. Mounted only while no real keys are configured.
 */
export async function registerPaystackSandbox(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
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

      // GET /settlement: each Lagos day's successful charges, paid out the next day less Paystack's fees.
      s.get(
        '/settlement',
        {
          onRequest: requireSecret,
          schema: {
            querystring: z.object(pageQuery),
          },
        },
        async (request, reply) => {
          const { perPage, page } = request.query;
          const paid = await db
            .select({ amountKobo: sandboxPaystackTransactions.amountKobo, paidAt: sandboxPaystackTransactions.paidAt })
            .from(sandboxPaystackTransactions)
            // A refunded (reversed) charge was still paid in: Paystack takes refunds from later payouts.
            .where(inArray(sandboxPaystackTransactions.status, ['success', 'reversed']));
          const settlements = sandboxSettlements(paid, new Date());
          const total = settlements.length;
          return reply.send({
            status: true,
            message: 'Settlements retrieved',
            data: settlements.slice((page - 1) * perPage, page * perPage),
            meta: { total, ...pageMeta(total, perPage, page) },
          });
        },
      );

      // The popup's "pay" and "decline" buttons, and the headless tests' equivalent.
      s.post(
        '/checkout/charge',
        { schema: { body: chargeBody.extend({ key: z.string() }) } },
        async (request, reply) => {
          if (request.body.key !== ctx.config.PAYSTACK_PUBLIC_KEY) return answer(reply, 401, 'Invalid public key');
          const row = await recordCharge(request.body);
          return answer(reply, 200, row.status === 'success' ? 'Approved' : 'Declined', {
            reference: row.reference,
            status: row.status,
          });
        },
      );
      s.post('/test/charge', { schema: { hide: true, body: testChargeBody } }, async (request, reply) => {
        const { paid_at: paidAt, ...charge } = request.body;
        const row = await recordCharge({ ...charge, paidAt: paidAt ? new Date(paidAt) : undefined });
        return answer(reply, 200, 'Charge recorded', { reference: row.reference, status: row.status });
      });

      s.get('/bank', { onRequest: requireSecret }, async (_request, reply) =>
        answer(
          reply,
          200,
          'Banks retrieved',
          SANDBOX_BANKS.map((bank, i) => ({
            id: i + 1,
            ...bank,
            slug: bank.code,
            active: true,
            currency: 'NGN',
            type: 'nuban',
            country: 'Nigeria',
          })),
        ),
      );

      s.get('/bank/resolve', { onRequest: requireSecret }, async (request, reply) => {
        const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.query as Record<
          string,
          string | undefined
        >;
        const name = SANDBOX_BANKS.some((bank) => bank.code === bankCode) ? sandboxAccountName(accountNumber) : null;
        if (!name) return answer(reply, 422, 'Could not resolve account name. Check parameters or try again.');
        return answer(reply, 200, 'Account number resolved', {
          account_number: accountNumber,
          account_name: name,
          bank_id: 1,
        });
      });

      s.post(
        '/transferrecipient',
        {
          onRequest: requireSecret,
          schema: {
            body: z.object({
              name: z.string().min(1),
              account_number: z.string(),
              bank_code: z.string(),
              type: z.string().optional(),
              currency: z.string().optional(),
            }),
          },
        },
        async (request, reply) => {
          const { name, account_number: accountNumber, bank_code: bankCode } = request.body;
          if (!sandboxAccountName(accountNumber)) return answer(reply, 400, 'Account number is invalid');
          const recipientCode = code('RCP');
          await db.insert(sandboxPaystackRecipients).values({ recipientCode, name, accountNumber, bankCode });
          return answer(reply, 201, 'Transfer recipient created successfully', {
            recipient_code: recipientCode,
            name,
            details: { account_number: accountNumber, bank_code: bankCode },
          });
        },
      );

      s.post(
        '/transfer',
        {
          onRequest: requireSecret,
          schema: {
            body: z.object({
              amount: z.coerce.number().int().positive(),
              recipient: z.string(),
              reference: z.string().min(1).max(100),
              reason: z.string().optional(),
              source: z.string().optional(),
            }),
          },
        },
        async (request, reply) => {
          const { amount, recipient, reference, reason } = request.body;
          const [to] = await db
            .select()
            .from(sandboxPaystackRecipients)
            .where(eq(sandboxPaystackRecipients.recipientCode, recipient));
          if (!to) return answer(reply, 400, 'Recipient specified is invalid');
          const [existing] = await db
            .select()
            .from(sandboxPaystackTransfers)
            .where(eq(sandboxPaystackTransfers.reference, reference));
          if (existing) return answer(reply, 400, 'Duplicate Transfer Reference');
          const transferCode = code('TRF');
          await db
            .insert(sandboxPaystackTransfers)
            .values({ reference, transferCode, recipientCode: recipient, amountKobo: amount, reason });
          const data = {
            reference,
            transfer_code: transferCode,
            amount,
            currency: 'NGN',
            recipient: { recipient_code: recipient },
          };
          const settle = async (status: string) => {
            await db
              .update(sandboxPaystackTransfers)
              .set({ status, updatedAt: new Date() })
              .where(eq(sandboxPaystackTransfers.reference, reference));
          };
          // The transfer settles a moment later, as Paystack's do, and the webhook tells us.
          setTimeout(() => {
            const failing = to.accountNumber === FAILING_ACCOUNT;
            void settle(failing ? 'reversed' : 'success')
              .then(() => {
                if (failing) {
                  sendWebhook('transfer.failed', { ...data, status: 'failed' });
                  sendWebhook('transfer.reversed', { ...data, status: 'reversed' }, 200);
                } else {
                  sendWebhook('transfer.success', { ...data, status: 'success' });
                }
              })
              .catch((error: unknown) => ctx.log.warn({ err: error }, 'sandbox transfer not settled'));
          }, 300).unref();
          return answer(reply, 200, 'Transfer has been queued', { ...data, status: 'pending' });
        },
      );

      registerDedicatedAccountSandbox(sandbox, ctx, { requireSecret, answer, sendWebhook });
      registerRefundSandbox(sandbox, ctx, { requireSecret, answer, sendWebhook });

      s.get('/transfer/verify/:reference', { onRequest: requireSecret }, async (request, reply) => {
        const { reference } = request.params as { reference: string };
        const [row] = await db
          .select()
          .from(sandboxPaystackTransfers)
          .where(eq(sandboxPaystackTransfers.reference, reference));
        if (!row) return answer(reply, 400, 'Transfer not found');
        return answer(reply, 200, 'Transfer retrieved', {
          reference,
          status: row.status,
          amount: row.amountKobo,
          transfer_code: row.transferCode,
        });
      });
    },
    { prefix: '/sandbox/paystack' },
  );
}

/** Paystack's local card fee: 1.5%, plus ₦100 from ₦2,500, capped at ₦2,000 (kobo). */
export function paystackFeeKobo(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

/**
 * The sandbox's settlements: one per Lagos day with successful charges, settled the next day (until
 * then `pending`), newest first, in the shape of Paystack's GET /settlement.
 */
export function sandboxSettlements(paid: { amountKobo: number; paidAt: Date | null }[], now: Date) {
  const days = new Map<string, { total: number; fees: number; processed: number }>();
  for (const charge of paid) {
    if (!charge.paidAt) continue;
    const day = lagosDay(charge.paidAt);
    const found = days.get(day) ?? { total: 0, fees: 0, processed: 0 };
    found.total += charge.amountKobo;
    found.fees += paystackFeeKobo(charge.amountKobo);
    found.processed += 1;
    days.set(day, found);
  }
  const today = lagosDay(now);
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([day, totals], i) => {
      const settledOn = new Date(`${day}T09:00:00+01:00`);
      settledOn.setUTCDate(settledOn.getUTCDate() + 1);
      return {
        id: Number(day.replaceAll('-', '')) * 10 + (i % 10),
        domain: 'test',
        status: day < today ? 'success' : 'pending',
        currency: 'NGN',
        integration: 1,
        total_amount: totals.total,
        effective_amount: totals.total - totals.fees,
        total_fees: totals.fees,
        total_processed: totals.processed,
        deductions: null,
        settlement_date: settledOn.toISOString(),
        settled_by: null,
        createdAt: settledOn.toISOString(),
        updatedAt: settledOn.toISOString(),
        /** The Lagos day whose charges this pays out (not a Paystack field: the sandbox's own note). */
        charges_day: day,
      };
    });
}
