import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProfileBody } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { currentUser, type Guards } from '../auth/guards';
import { agentSummary } from '../agents/service';
import { referralRewardsTotal } from '../engagement/service';
import * as users from './service';

export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/users/me', { schema: { tags: ['users'] }, onRequest: guards.requireUser }, async (request) => {
    const user = currentUser(request);
    const [referralRewards, agent] = await Promise.all([referralRewardsTotal(ctx.db, user.id), agentSummary(ctx.db, user.id)]);
    return ok({ ...users.toUser(user), referral_rewards: referralRewards, agent });
  });

  api.post(
    '/users/update',
    { schema: { tags: ['users'], body: updateProfileBody }, onRequest: guards.requireUser },
    async (request) => {
      const row = await users.updateProfile(ctx, currentUser(request).id, request.body);
      return ok(users.toUser(row), 'Profile has been updated successfully');
    },
  );
}
