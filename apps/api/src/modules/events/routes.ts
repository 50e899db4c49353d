import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENT_TYPES, pushEndpointBody, pushSubscriptionBody } from '@ruwa/contract';
import { pushKeyReply, pushStateReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { AppError } from '../../lib/http/errors';
import { currentUser, type Guards } from '../auth/guards';
import * as alerts from './alerts';
import { createEventHub } from './hub';
import { announcerOf } from './service';

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
  const alertSender = alerts.createAlertSender(ctx);
  app.addHook('onReady', async () => {
    await hub.start();
    await alertSender.start();
  });
  // Before the server waits for its connections to finish: streams never would on their own.
  app.addHook('preClose', async () => {
    await announcerOf(ctx).settled();
    await alertSender.stop();
    await hub.stop();
  });

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

  api.get(
    '/push/key',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        summary: 'The Web Push public key',
        description: 'The VAPID public key to pass to `PushManager.subscribe`; null when push alerts are off.',
        response: { 200: envelope(pushKeyReply) },
      },
    },
    async () => ok({ public_key: (await alerts.vapidKeys(ctx))?.publicKey ?? null }),
  );

  api.post(
    '/push/subscriptions',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        summary: 'Receive alerts on this browser (Web Push)',
        description:
          'Send `PushSubscription.toJSON()`. Customers are alerted as their orders move on, agents of new orders in their area.',
        body: pushSubscriptionBody,
        response: { 200: envelope(pushStateReply), ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await alerts.vapidKeys(ctx))) throw new AppError('not_found', 'Push alerts are not available.');
      await alerts.subscribe(ctx.db, currentUser(request).id, request.body);
      return ok({ subscribed: true }, 'Alerts are on for this phone');
    },
  );

  api.post(
    '/push/subscriptions/status',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        summary: 'Whether this browser receives alerts',
        body: pushEndpointBody,
        response: { 200: envelope(pushStateReply) },
      },
    },
    async (request) =>
      ok({ subscribed: await alerts.isSubscribed(ctx.db, currentUser(request).id, request.body.endpoint) }),
  );

  api.post(
    '/push/subscriptions/delete',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['events'],
        summary: 'Stop alerts on this browser',
        body: pushEndpointBody,
        response: { 200: envelope(pushStateReply) },
      },
    },
    async (request) => {
      await alerts.unsubscribe(ctx.db, currentUser(request).id, request.body.endpoint);
      return ok({ subscribed: false }, 'Alerts are off for this phone');
    },
  );
}
