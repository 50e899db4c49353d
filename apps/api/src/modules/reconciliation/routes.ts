import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardRefundRetryBody,
  reconciliationClearBody,
  reconciliationFloatTopUpBody,
  reconciliationListQuery,
  reconciliationRunBody,
} from '@ruwa/contract';
import {
  pageOf,
  reconciliationCheckReply,
  reconciliationDifferenceReply,
  reconciliationFloatReply,
  reconciliationFloatTopUpReply,
  stuckCardRefundReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { audit } from '../audit/service';
import { currentUser, type Guards } from '../auth/guards';
import * as reconciliation from './service';

export async function registerReconciliationRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  api.get(
    '/admin/reconciliation',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Differences between our records and the providers',
        querystring: pageQuery.extend(reconciliationListQuery.shape),
        response: { 200: envelope(pageOf(reconciliationDifferenceReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await reconciliation.listDifferences(ctx.db, {
        status: request.query.status,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/admin/reconciliation/run',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Check a day (default: yesterday and today) against Paystack and the VTU provider now',
        body: reconciliationRunBody,
        response: { 200: envelope(z.array(reconciliationCheckReply)), ...errorResponses(502) },
      },
    },
    async (request) => {
      const { day } = request.body;
      const results = await reconciliation.checkDays(ctx, day ? [day] : undefined);
      const days = [...new Set(results.map((result) => result.day))];
      await audit(ctx.db, {
        actorId: currentUser(request).id,
        action: 'reconciliation.run',
        entity: 'reconciliation_differences',
        entityId: days.join(','),
        after: { days, results },
      });
      return ok(results, reconciliation.describeChecks(results));
    },
  );

  api.get(
    '/admin/reconciliation/float',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "The last comparison of the VTU provider's balance with the VTU float account",
        response: { 200: envelope(reconciliationFloatReply.nullable()) },
      },
    },
    async () => ok(await reconciliation.lastVtuFloat(ctx.db)),
  );

  api.post(
    '/admin/reconciliation/clear',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Clear an open difference with a written reason',
        body: reconciliationClearBody,
        response: { 200: envelope(reconciliationDifferenceReply), ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      ok(
        await reconciliation.clearDifference(
          ctx,
          currentUser(request).id,
          request.body.id,
          request.body.reason,
          request.body.account,
        ),
        'Difference cleared',
      ),
  );

  api.post(
    '/admin/reconciliation/float/top-up',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Record money sent to the VTU provider's float (from the Paystack balance)",
        body: reconciliationFloatTopUpBody,
        response: { 200: envelope(reconciliationFloatTopUpReply), ...errorResponses(409) },
      },
    },
    async (request) =>
      ok(await reconciliation.recordFloatTopUp(ctx, currentUser(request).id, request.body), 'Float top-up recorded'),
  );

  api.get(
    '/admin/reconciliation/card-refunds',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Card refunds Paystack has not paid out (requested, pending, failed), oldest first',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(stuckCardRefundReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await reconciliation.listStuckCardRefunds(ctx.db, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/admin/reconciliation/card-refunds/retry',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Ask Paystack again for a card refund it has not accepted',
        body: cardRefundRetryBody,
        response: { 200: envelope(stuckCardRefundReply.nullable()), ...errorResponses(404, 409, 502) },
      },
    },
    async (request) =>
      ok(
        await reconciliation.askPaystackAgain(ctx, currentUser(request).id, request.body.id),
        'Paystack accepted the refund',
      ),
  );
}
