import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountJournalsFields,
  journalQuery,
  ledgerPeriodQuery,
  periodInOrder,
  trialBalanceQuery,
} from '@ruwa/contract';
import {
  accountJournalReply,
  chartAccountReply,
  journalReply,
  pageOf,
  periodTrialBalanceReply,
  profitAndLossReply,
  trialBalanceReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { notFound } from '../../lib/http/errors';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import type { Guards } from '../auth/guards';
import { ledgerReferencesOf as orderReferences } from '../orders/service';
import { ledgerReferencesOf as vendReferences } from '../vtu/service';
import {
  accountJournals,
  chartOfAccounts,
  journalsByReference,
  periodTrialBalance,
  profitAndLoss,
  trialBalance as readTrialBalance,
  trialBalanceAsAt,
} from './service';

export async function registerLedgerRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  api.get(
    '/admin/ledger/trial-balance',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Trial balance: every account of the chart on its debit or credit side, now or at the end of a Lagos day',
        querystring: trialBalanceQuery,
        response: { 200: envelope(trialBalanceReply), ...errorResponses(422) },
      },
    },
    async (request) => {
      const { as_at } = request.query;
      return ok(as_at ? await trialBalanceAsAt(ctx.db, as_at) : await readTrialBalance(ctx.db));
    },
  );

  api.get(
    '/admin/ledger/trial-balance/period',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Trial balance for a period of Lagos days: each account opening, debits, credits and closing',
        querystring: ledgerPeriodQuery,
        response: { 200: envelope(periodTrialBalanceReply), ...errorResponses(422) },
      },
    },
    async (request) => ok(await periodTrialBalance(ctx.db, request.query)),
  );

  api.get(
    '/admin/ledger/profit-and-loss',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Profit and loss for a period of Lagos days from the journals: revenue, expenses and the net',
        querystring: ledgerPeriodQuery,
        response: { 200: envelope(profitAndLossReply), ...errorResponses(422) },
      },
    },
    async (request) => ok(await profitAndLoss(ctx.db, request.query)),
  );

  api.get(
    '/admin/ledger/accounts',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The chart of accounts',
        response: { 200: envelope(z.array(chartAccountReply)), ...errorResponses() },
      },
    },
    async () => ok(await chartOfAccounts(ctx.db)),
  );

  api.get(
    '/admin/ledger/account-journals',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "One account's journals in a period of Lagos days, oldest first (paged)",
        querystring: pageQuery.extend(accountJournalsFields).superRefine(periodInOrder),
        response: { 200: envelope(pageOf(accountJournalReply)), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const { code, from, to } = request.query;
      const page = await accountJournals(
        ctx.db,
        code,
        { from, to },
        {
          limit: request.query.per_page,
          offset: offsetOf(request.query),
        },
      );
      if (!page) throw notFound('Account');
      return ok(toPage(page.rows, page.total, request.query, request.url));
    },
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
