import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalQuery } from '@ruwa/contract';
import { journalReply, trialBalanceReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import type { Guards } from '../auth/guards';
import { ledgerReferencesOf as orderReferences } from '../orders/service';
import { ledgerReferencesOf as vendReferences } from '../vtu/service';
import { journalsByReference, trialBalance as readTrialBalance } from './service';

export async function registerLedgerRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  api.get(
    '/admin/ledger/trial-balance',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Trial balance: every account of the chart on its debit or credit side',
        response: { 200: envelope(trialBalanceReply), ...errorResponses() },
      },
    },
    async () => ok(await readTrialBalance(ctx.db)),
  );

  api.get(
    '/admin/ledger/journal',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The journals posted under a reference (Paystack, withdrawal, order payment or refund, VTU)',
        querystring: journalQuery,
        response: { 200: envelope(z.array(journalReply)), ...errorResponses() },
      },
    },
    async (request) => {
      // An order's or a vend's payment and refund are found from either reference (and a vend from
      // the VTU provider's request id too).
      const { reference } = request.query;
      const related = [...(await orderReferences(ctx.db, reference)), ...(await vendReferences(ctx.db, reference))];
      return ok(await journalsByReference(ctx.db, [...new Set([reference, ...related])]));
    },
  );
}
