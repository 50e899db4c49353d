import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsUpdateBody } from '@ruwa/contract';
import { settingsReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import * as settings from './service';

export async function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };
  api.get(
    '/admin/settings',
    {
      ...admin,
      schema: { tags: ['admin'], summary: 'The business rules', response: { 200: envelope(settingsReply) } },
    },
    async () => ok(await settings.getSettings(ctx.db)),
  );
  api.post(
    '/admin/settings/update',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Change business rules',
        response: { 200: envelope(settingsReply) },
        body: settingsUpdateBody,
      },
    },
    async (request) =>
      ok(
        await settings.updateSettings(ctx.db, currentUser(request).id, request.body),
        'Settings have been updated successfully',
      ),
  );
}
