import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idField } from '@ruwa/contract';
import { markedReadReply, notificationReply, pageOf, unreadCountReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import * as notifications from './service';

export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };

  api.get(
    '/notifications/me',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: "The customer's notifications",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(notificationReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await notifications.listNotifications(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/notifications/unread-count',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread',
        response: { 200: envelope(unreadCountReply) },
      },
    },
    async (request) => ok({ count: await notifications.unreadCount(ctx.db, currentUser(request).id) }),
  );

  api.post(
    '/notifications/read',
    {
      ...user,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one or all notifications read',
        response: { 200: envelope(markedReadReply), ...errorResponses(404) },
        body: z.union([z.object({ id: idField() }), z.object({ all: z.literal(true) })], {
          error: 'Send an id, or all: true.',
        }),
      },
    },
    async (request) => {
      await notifications.markRead(ctx.db, currentUser(request).id, request.body);
      return ok({ unread: await notifications.unreadCount(ctx.db, currentUser(request).id) }, 'Marked as read');
    },
  );
}
