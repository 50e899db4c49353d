import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journal, journalQuery, trialBalance } from '@ruwa/contract';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import type { Guards } from '../auth/guards';
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
        response: { 200: envelope(trialBalance), ...errorResponses() },
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
        response: { 200: envelope(z.array(journal)), ...errorResponses() },
      },
    },
    async (request) => ok(await journalsByReference(ctx.db, request.query.reference)),
  );
}
