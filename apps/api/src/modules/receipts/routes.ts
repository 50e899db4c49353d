import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiptQuery, statementQuery } from '@ruwa/contract';
import { receiptReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses, fileReply } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import * as receipts from './service';

/** Sends a made file for download under its name; a receipt or statement is private, never cached. */
function sendFile(reply: FastifyReply, file: { filename: string; contentType: string; body: Buffer }, inline = false) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export async function registerReceiptRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };

  api.get(
    '/receipts/show',
    {
      ...user,
      schema: {
        tags: ['receipts'],
        summary: "The receipt of one of the customer's purchases (ORD-, SUB-, VTU-) or wallet movements (TX_…)",
        description: 'Someone else’s reference, an unknown one and one that names nothing answer the same 404.',
        querystring: receiptQuery,
        response: { 200: envelope(receiptReply), ...errorResponses(404) },
      },
    },
    async (request) => ok(await receipts.getReceipt(ctx.db, currentUser(request).id, request.query.reference)),
  );

  api.get(
    '/receipts/image',
    {
      ...user,
      schema: {
        tags: ['receipts'],
        summary: 'The same receipt as a PNG picture, to send in a chat',
        querystring: receiptQuery,
        response: { 200: fileReply('The receipt as a picture', 'image/png'), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await receipts.getReceiptFile(ctx.db, currentUser(request).id, request.query.reference, 'png'),
        true,
      ),
  );

  api.get(
    '/receipts/document',
    {
      ...user,
      schema: {
        tags: ['receipts'],
        summary: 'The same receipt as a PDF, to download',
        querystring: receiptQuery,
        response: { 200: fileReply('The receipt as an A4 PDF', 'application/pdf'), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendFile(reply, await receipts.getReceiptFile(ctx.db, currentUser(request).id, request.query.reference, 'pdf')),
  );

  api.get(
    '/wallet/statement',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'The wallet statement for a period of Lagos days, as CSV or PDF',
        description:
          'Opening balance, every movement from `from` to `to` (both included, at most 366 days), closing balance. ' +
          'CSV money is naira with kobo (1500.00); the closing balance of a period ending today is the balance.',
        querystring: statementQuery,
        response: { 200: fileReply('The statement as a file to download', 'text/csv', 'application/pdf') },
      },
    },
    async (request, reply) =>
      sendFile(reply, await receipts.statementFile(ctx.db, currentUser(request), request.query)),
  );
}
