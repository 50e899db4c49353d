import { lagosDay } from '@ruwa/contract/dates';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { pageMeta, pageQuery, type SandboxTools } from './sandbox-tools';
import { sandboxPaystackTransactions } from './schema';

/** Paystack's Settlement API: what Paystack paid out of the sandbox's charges, and when. */
export function registerSettlementSandbox(sandbox: FastifyInstance, ctx: AppContext, tools: SandboxTools) {
  const s = sandbox.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const { requireSecret } = tools;

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
