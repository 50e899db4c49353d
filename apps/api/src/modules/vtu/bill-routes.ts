import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BILL_CATEGORIES, billPayBody, billVerifyBody, parsePurchaseReference } from '@ruwa/contract';
import { billReply, billServiceReply, billVerificationReply, pageOf } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { createdOrReplayed, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { VTU_CALLBACK_PATH } from '../../platform/vtu/client';
import { currentUser, type Guards } from '../auth/guards';
import { BILL_TEXTS } from './bill-texts';
import * as vtu from './service';

/** Bills (electricity) on the VTU rails, and the provider's callback for every vend. */
export async function registerBillRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };

  api.get(
    '/bills/services',
    {
      ...user,
      schema: {
        tags: ['bills'],
        summary: 'The billers of a category, with the least and most one payment may be',
        querystring: z.object({
          category: z.preprocess(
            (v) => (v === '' ? undefined : v),
            z.enum(BILL_CATEGORIES, { error: 'Choose a category: electricity.' }).optional(),
          ),
        }),
        response: { 200: envelope(z.array(billServiceReply)) },
      },
    },
    async () => ok(vtu.listBillServices()),
  );

  api.post(
    '/bills/verify',
    {
      ...user,
      schema: {
        tags: ['bills'],
        summary: 'Who a meter belongs to, asked of the provider before any money moves',
        body: billVerifyBody,
        response: { 200: envelope(billVerificationReply), ...errorResponses(422, 502) },
      },
    },
    async (request) => ok(await vtu.verifyMeter(ctx, request.body), 'Meter found'),
  );

  api.post(
    '/bills/pay',
    {
      ...user,
      schema: {
        tags: ['bills'],
        summary: 'Pay electricity from the wallet (with the PIN) or with a verified card payment',
        body: billPayBody,
        response: { ...createdOrReplayed(billReply), ...errorResponses(409, 422, 423, 502) },
      },
    },
    async (request, reply) => {
      const { created, bill } = await vtu.payBill(ctx, currentUser(request).id, request.body);
      const message = BILL_TEXTS.replies[bill.status === 'failed' ? 'refunded' : bill.status];
      return reply.code(created ? 201 : 200).send(ok(bill, message));
    },
  );

  api.get(
    '/bills/show',
    {
      ...user,
      schema: {
        tags: ['bills'],
        summary: "One of the customer's bill payments by its VTU-n reference (or id), with its token",
        querystring: z.object({
          reference: z.string({ error: 'The reference field is required.' }).transform((value, check) => {
            const found = parsePurchaseReference(value);
            if (found?.kind === 'vtu') return found.id;
            check.addIssue({ code: 'custom', message: 'Give the payment’s reference, like VTU-12.' });
            return z.NEVER;
          }),
        }),
        response: { 200: envelope(billReply), ...errorResponses(404) },
      },
    },
    async (request) => ok(await vtu.getMyBill(ctx.db, currentUser(request).id, request.query.reference)),
  );

  api.get(
    '/bills/me',
    {
      ...user,
      schema: {
        tags: ['bills'],
        summary: "The customer's bill payments, newest first",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(billReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await vtu.listMyBills(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  // VTpass's transaction-update callback: it carries no signature, so nothing in it is believed;
  // the vend it names is re-queried. VTpass wants exactly {"response":"success"} back.
  api.post(
    VTU_CALLBACK_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['vtu'],
        summary: "The VTU provider's transaction-update callback (checked with a requery)",
        body: z.unknown(),
        response: { 200: z.object({ response: z.literal('success') }) },
      },
    },
    async (request) => {
      await vtu.onProviderCallback(ctx, request.body);
      return { response: 'success' as const };
    },
  );
}
