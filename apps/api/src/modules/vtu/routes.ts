import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  airtimeBody,
  dataBody,
  dataBundleUpdateBody,
  detectNetwork,
  idField,
  NETWORKS,
  vtuCardRefundBody,
} from '@ruwa/contract';
import {
  dataBundleReply,
  dataBundleSyncReply,
  detectedNetworkReply,
  pageOf,
  vtuPurchaseReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { createdOrReplayed, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import { registerBillRoutes } from './bill-routes';
import * as vtu from './service';

const networkQuery = z.object({
  network: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(NETWORKS, { error: 'Choose a network: mtn, glo, airtel or etisalat.' }).optional(),
  ),
});

export async function registerVtuRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };
  await registerBillRoutes(app, ctx, guards);

  api.get(
    '/data-bundles',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: 'Data bundles for a network',
        querystring: networkQuery,
        response: { 200: envelope(z.array(dataBundleReply)) },
      },
    },
    async (request) => ok(await vtu.listBundles(ctx.db, { network: request.query.network })),
  );

  api.get(
    '/networks/detect',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: 'The network a phone number belongs to',
        querystring: z.object({ phone: z.string().max(20) }),
        response: { 200: envelope(detectedNetworkReply) },
      },
    },
    async (request) => ok({ network: detectNetwork(request.query.phone) }),
  );

  api.post(
    '/product-order/buy/airtime',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: 'Buy airtime',
        response: { ...createdOrReplayed(vtuPurchaseReply), ...errorResponses(409, 423, 502) },
        body: airtimeBody,
      },
    },
    async (request, reply) => {
      const { created, purchase } = await vtu.buy(ctx, currentUser(request).id, 'airtime', request.body);
      return reply.code(created ? 201 : 200).send(ok(purchase, messageFor(purchase.status)));
    },
  );

  api.post(
    '/product-order/buy/data',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: 'Buy a data bundle',
        response: { ...createdOrReplayed(vtuPurchaseReply), ...errorResponses(409, 423, 502) },
        body: dataBody,
      },
    },
    async (request, reply) => {
      const { created, purchase } = await vtu.buy(ctx, currentUser(request).id, 'data', request.body);
      return reply.code(created ? 201 : 200).send(ok(purchase, messageFor(purchase.status)));
    },
  );

  api.get(
    '/vtu/me',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: "The customer's airtime and data purchases",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(vtuPurchaseReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await vtu.listMyPurchases(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/vtu/show',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary: "One of the customer's airtime or data purchases, with its current status",
        querystring: z.object({ id: idField('purchase') }),
        response: { 200: envelope(vtuPurchaseReply), ...errorResponses(404) },
      },
    },
    async (request) => ok(await vtu.getMyPurchase(ctx.db, currentUser(request).id, request.query.id)),
  );

  api.post(
    '/vtu/card-refund',
    {
      ...user,
      schema: {
        tags: ['vtu'],
        summary:
          "Send a refused card-paid purchase's refund back to the card instead of the wallet (3–10 working days)",
        response: { 200: envelope(vtuPurchaseReply), ...errorResponses(404, 422) },
        body: vtuCardRefundBody,
      },
    },
    async (request) => {
      const { purchase, replayed } = await vtu.refundToCard(ctx, currentUser(request).id, request.body.id);
      return ok(
        purchase,
        replayed
          ? 'This refund is already on its way back to your card'
          : 'The refund is on its way back to your card: it takes 3–10 working days',
      );
    },
  );

  api.get(
    '/admin/data-bundles',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All data bundles (admins)',
        querystring: networkQuery,
        response: { 200: envelope(z.array(dataBundleReply)) },
      },
    },
    async (request) => ok(await vtu.listBundles(ctx.db, { network: request.query.network, includeDisabled: true })),
  );

  api.post(
    '/admin/data-bundles/update',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Change a data bundle's price or availability",
        response: { 200: envelope(dataBundleReply), ...errorResponses(404) },
        body: dataBundleUpdateBody,
      },
    },
    async (request) =>
      ok(
        await vtu.updateBundle(ctx.db, currentUser(request).id, request.body),
        'Data bundle has been updated successfully',
      ),
  );

  api.post(
    '/admin/data-bundles/sync',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Bring in bundles the provider newly offers',
        response: { 200: envelope(dataBundleSyncReply), ...errorResponses(502) },
        body: z.object({ network: z.enum(NETWORKS, { error: 'Choose a network: mtn, glo, airtel or etisalat.' }) }),
      },
    },
    async (request) => {
      const result = await vtu.syncBundlesFromProvider(ctx, currentUser(request).id, request.body.network);
      const message = result.added.length
        ? `${result.added.length} new bundle(s) added, switched off until you enable them`
        : 'No new bundles from the provider';
      return ok(result, message);
    },
  );
}

function messageFor(status: string) {
  if (status === 'delivered') return 'Delivered';
  if (status === 'refunded') return 'The network could not complete this purchase. Your money is back in your wallet.';
  return 'Processing: we will confirm shortly';
}
