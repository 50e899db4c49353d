import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beneficiaryRemoveBody, beneficiaryStoreBody } from '@ruwa/contract';
import { beneficiaryReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { created, envelope, errorResponses } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import * as beneficiaries from './service';

/** A customer's own named airtime and data numbers; nobody else's are reachable (404). */
export async function registerBeneficiaryRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };

  api.get(
    '/beneficiaries',
    {
      ...user,
      schema: {
        tags: ['beneficiaries'],
        summary: "The customer's named airtime and data numbers, newest first",
        response: { 200: envelope(z.array(beneficiaryReply)) },
      },
    },
    async (request) => ok(await beneficiaries.listBeneficiaries(ctx.db, currentUser(request).id)),
  );

  api.post(
    '/beneficiaries',
    {
      ...user,
      schema: {
        tags: ['beneficiaries'],
        summary: 'Name a number (a number already saved on that network is renamed)',
        body: beneficiaryStoreBody,
        response: { ...created(beneficiaryReply), ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await beneficiaries.storeBeneficiary(ctx.db, currentUser(request).id, request.body),
            'The number has been saved',
          ),
        ),
  );

  api.post(
    '/beneficiaries/remove',
    {
      ...user,
      schema: {
        tags: ['beneficiaries'],
        summary: 'Remove a saved number',
        body: beneficiaryRemoveBody,
        response: { 200: envelope(z.null()), ...errorResponses(404) },
      },
    },
    async (request) => {
      await beneficiaries.removeBeneficiary(ctx.db, currentUser(request).id, request.body.id);
      return ok(null, 'The number has been removed');
    },
  );
}
