import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressStoreBody, addressUpdateBody, idField } from '@ruwa/contract';
import { savedAddressReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { created, envelope, errorResponses } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import * as addresses from './service';

/** A customer's own saved delivery addresses; nobody else's are reachable (404). */
export async function registerAddressRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };

  api.get(
    '/addresses/me',
    {
      ...user,
      schema: {
        tags: ['addresses'],
        summary: "The customer's saved addresses, last used first",
        response: { 200: envelope(z.array(savedAddressReply)) },
      },
    },
    async (request) => ok(await addresses.listAddresses(ctx.db, currentUser(request).id)),
  );

  api.post(
    '/addresses/store',
    {
      ...user,
      schema: {
        tags: ['addresses'],
        summary: 'Save a delivery address',
        body: addressStoreBody,
        response: { ...created(savedAddressReply), ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await addresses.storeAddress(ctx, currentUser(request).id, request.body), 'The address has been saved'),
        ),
  );

  api.post(
    '/addresses/update',
    {
      ...user,
      schema: {
        tags: ['addresses'],
        summary: 'Change a saved address',
        body: addressUpdateBody,
        response: { 200: envelope(savedAddressReply), ...errorResponses(404) },
      },
    },
    async (request) =>
      ok(await addresses.updateAddress(ctx, currentUser(request).id, request.body), 'The address has been updated'),
  );

  api.post(
    '/addresses/delete',
    {
      ...user,
      schema: {
        tags: ['addresses'],
        summary: 'Delete a saved address',
        body: z.object({ id: idField() }),
        response: { 200: envelope(z.null()), ...errorResponses(404) },
      },
    },
    async (request) => {
      await addresses.deleteAddress(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'The address has been deleted');
    },
  );
}
