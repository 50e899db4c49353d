import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_NAMES, exportQuery } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { fileReply } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import { startExport } from './service';
import { EXPORT_TEXTS } from './texts';

/** Sends the file as it is made: the stream pulls the next batch only once the client took the last. */
function sendCsv(reply: FastifyReply, file: { filename: string; lines: AsyncIterable<string> }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(file.lines));
}

export async function registerExportRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  for (const name of EXPORT_NAMES) {
    api.get(
      `/admin/exports/${name}.csv`,
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: EXPORT_TEXTS.summary(name),
          description:
            'A header row, then one row per record (journals: per journal line), streamed as it is read. ' +
            'Money is naira with kobo (1500.00); times are UTC. Each export is written to the audit log.',
          querystring: exportQuery,
          response: { 200: fileReply('The records as CSV', 'text/csv') },
        },
      },
      async (request, reply) => sendCsv(reply, await startExport(ctx.db, currentUser(request).id, name, request.query)),
    );
  }
}
