import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProfileBody } from '@ruwa/contract';
import { userReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { afterReply } from '../../lib/http/after-reply';
import { ok } from '../../lib/http/envelope';
import { envelope } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import { sendNewAddressLink, signedInUser } from '../auth/service';
import * as users from './service';

export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const later = afterReply(app, ctx.log);

  // The web stores whatever these answer as its user, so they answer what login does.
  const fullUser = (row: users.UserRow) => signedInUser(ctx, row);

  api.get(
    '/users/me',
    {
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: envelope(userReply) } },
      onRequest: guards.requireUser,
    },
    async (request) => ok(await fullUser(currentUser(request))),
  );

  api.post(
    '/users/update',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the profile and photo',
        response: { 200: envelope(userReply) },
        body: updateProfileBody,
      },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const before = currentUser(request);
      const row = await users.updateProfile(ctx, before.id, request.body);
      // A new address is proven the way the first one was: by a link sent to it.
      if (row.email !== before.email.toLowerCase()) {
        later(() => sendNewAddressLink(ctx, row.id), 'verification e-mail not sent', { userId: row.id });
      }
      return ok(await fullUser(row), 'Profile has been updated successfully');
    },
  );
}
