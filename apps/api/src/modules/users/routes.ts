import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProfileBody } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { currentUser, type Guards } from '../auth/guards';
import { signedInUser } from '../auth/service';
import * as users from './service';

export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The web stores whatever these answer as its user, so they answer what login does.
  const fullUser = (row: users.UserRow) => signedInUser(ctx, row);

  api.get(
    '/users/me',
    { schema: { tags: ['users'], summary: 'The signed-in user' }, onRequest: guards.requireUser },
    async (request) => ok(await fullUser(currentUser(request))),
  );

  api.post(
    '/users/update',
    {
      schema: { tags: ['users'], summary: 'Update the profile and photo', body: updateProfileBody },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const row = await users.updateProfile(ctx, currentUser(request).id, request.body);
      return ok(await fullUser(row), 'Profile has been updated successfully');
    },
  );
}
