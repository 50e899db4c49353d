import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENT_TYPES } from '@ruwa/contract';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { currentUser, type Guards } from '../auth/guards';
import { createEventHub } from './hub';

const STREAM_DESCRIPTION = [
  'A Server-Sent Events stream of what concerns the signed-in user, for as long as the session lasts',
  '(signing out, expiry or suspension ends it). Send the bearer token in the Authorization header.',
  `Each event has an \`id\`, an \`event\` type (${LIVE_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}) and JSON`,
  '`data`; a comment line arrives every heartbeat. Reconnect with `Last-Event-ID` to be sent, first, the',
  'events of the last day the stream missed after that id.',
].join(' ');

export async function registerEventRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const hub = createEventHub(ctx);
  app.addHook('onReady', () => hub.start());
  // Before the server waits for its connections to finish: streams never would on their own.
  app.addHook('preClose', () => hub.stop());

  api.get(
    '/events',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        summary: 'Live events (Server-Sent Events)',
        description: STREAM_DESCRIPTION,
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,15}$/, 'The Last-Event-ID must be the id of an event.')
            .optional(),
        }),
        response: {
          200: {
            description: 'The stream: `id:`, `event:` and `data:` lines per event, and heartbeat comments.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const header = request.headers['last-event-id'];
      const viewer = await hub.viewerOf(user);
      // The stream is written by hand: no compression or serializer may hold its bytes back.
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.write('retry: 3000\n: connected\n\n');
      await hub.open(viewer, request.tokenId!, reply.raw, header === undefined ? null : Number(header));
    },
  );
}
