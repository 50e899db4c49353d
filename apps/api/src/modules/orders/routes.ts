import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReason,
  orderAssignBody,
  orderCancelBody,
  adminOrderFilterFields,
  idField,
  ORDER_STATUSES,
  productOrderStoreBody,
  REFUND_TARGETS,
  subscriptionOrderStoreBody,
} from '@ruwa/contract';
import {
  adminOrderDetailReply,
  adminOrderReply,
  dispatchAgentReply,
  orderReply,
  pageOf,
  subscriptionReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { parseInput } from '../../lib/http/errors';
import { createdOrReplayed, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import * as delivery from '../delivery/service';
import * as users from '../users/service';
import * as orders from './service';
import { lagosMidnight } from '../../lib/lagos-time';

const idBody = z.object({ id: idField() });
/** An admin's reason, required for some moves and reported as `errors.note`. */
const requiredNote = z.object({ note: adminReason });

const adminOrdersQuery = pageQuery.extend(adminOrderFilterFields);

export async function registerOrderRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };

  api.post(
    '/product-order/store',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: 'Buy water or gas once',
        response: { ...createdOrReplayed(orderReply), ...errorResponses(409, 423, 502) },
        body: productOrderStoreBody,
      },
    },
    async (request, reply) => {
      const { created, order } = await orders.storeProductOrder(ctx, currentUser(request), request.body);
      return reply
        .code(created ? 201 : 200)
        .send(ok(order, created ? 'Your order has been placed' : 'This order was already placed'));
    },
  );

  api.post(
    '/subscription-order/store',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: 'Subscribe to water deliveries',
        response: { ...createdOrReplayed(subscriptionReply), ...errorResponses(409, 423, 502) },
        body: subscriptionOrderStoreBody,
      },
    },
    async (request, reply) => {
      const { created, subscription } = await orders.storeSubscriptionOrder(ctx, currentUser(request), request.body);
      return reply
        .code(created ? 201 : 200)
        .send(ok(subscription, created ? 'Your subscription has started' : 'This subscription was already started'));
    },
  );

  api.get(
    '/product-order/me',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: "The customer's orders",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(orderReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await orders.listMyOrders(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(await delivery.withContacts(ctx.db, rows, 'customer'), total, request.query, request.url));
    },
  );

  api.get(
    '/product-order/show',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: "One of the customer's orders",
        response: { 200: envelope(orderReply), ...errorResponses(404) },
        querystring: idBody,
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      // Customers only: an admin reads orders through /admin/orders/show.
      const { order } = await orders.getOrder(ctx.db, request.query.id, { id: viewer.id, role: 'customer' });
      return ok((await delivery.withContacts(ctx.db, [order], 'customer'))[0]!);
    },
  );

  api.post(
    '/product-order/cancel',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order before it is out for delivery; the money goes back to the wallet, or to the card it was paid with',
        response: { 200: envelope(orderReply), ...errorResponses(404, 409) },
        body: orderCancelBody,
      },
    },
    async (request) => {
      const customer = currentUser(request);
      const { replayed, refundTo } = await orders.cancelOrder(
        ctx,
        request.body.id,
        { id: customer.id, role: 'customer' },
        { reason: null, refundTo: request.body.refund_to },
      );
      const { order } = await orders.getOrder(ctx.db, request.body.id, { id: customer.id, role: 'customer' });
      return ok(
        order,
        replayed
          ? 'This order was already cancelled'
          : refundTo === 'card'
            ? 'Your order has been cancelled and the money goes back to your card in 3–5 working days'
            : 'Your order has been cancelled and the money is back in your wallet',
      );
    },
  );

  api.get(
    '/subscription-order/me',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: "The customer's subscriptions",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(subscriptionReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await orders.listMySubscriptions(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/subscription-order/cancel',
    {
      ...user,
      schema: {
        tags: ['orders'],
        summary: 'Cancel a subscription',
        response: { 200: envelope(subscriptionReply), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) =>
      ok(
        await orders.cancelSubscription(ctx, currentUser(request).id, request.body.id),
        'Your subscription has been cancelled',
      ),
  );

  // Admin
  api.get(
    '/admin/orders',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All orders, filtered',
        querystring: adminOrdersQuery,
        response: { 200: envelope(pageOf(adminOrderReply)) },
      },
    },
    async (request) => {
      const query = request.query;
      // Dates are Lagos calendar days, as on the dashboard: `to` includes the whole of its day.
      const to = query.to ? new Date(lagosMidnight(query.to).getTime() + 86_400_000) : undefined;
      const {
        rows,
        total,
        userIds: buyers,
      } = await orders.listAllOrders(ctx.db, {
        limit: query.per_page,
        offset: offsetOf(query),
        customerSearch: query.search || undefined,
        status: query.status,
        kind: query.kind,
        locationId: query.location_id,
        from: query.from ? lagosMidnight(query.from) : undefined,
        to,
        lockedOnly: query.locked === 'true',
      });
      const customers = await users.usersByIds(ctx.db, buyers);
      const withAgents = await delivery.withContacts(ctx.db, rows, 'admin');
      const withCustomer = withAgents.map((order, i) => {
        const customer = customers.get(buyers[i]!);
        return {
          ...order,
          customer: customer
            ? {
                id: customer.id,
                name: `${customer.firstName} ${customer.lastName}`,
                email: customer.email,
                phone_number: customer.phoneNumber,
              }
            : null,
        };
      });
      return ok(toPage(withCustomer, total, query, request.url));
    },
  );

  api.get(
    '/admin/orders/show',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One order with its history',
        response: { 200: envelope(adminOrderDetailReply), ...errorResponses(404) },
        querystring: idBody,
      },
    },
    async (request) => {
      const { order, userId } = await orders.getOrder(ctx.db, request.query.id, currentUser(request));
      const customer = users.toUser(await users.getUser(ctx.db, userId));
      const withAgent = (await delivery.withContacts(ctx.db, [order], 'admin'))[0]!;
      return ok({ ...withAgent, customer });
    },
  );

  api.post(
    '/admin/orders/update-status',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Move an order to another status',
        description:
          'Delivered (confirmed without the customer’s code) and cancelled (refunded to the wallet, or with `refund_to: card` to the card a card-paid order was paid with) need a written `note`, audited.',
        response: { 200: envelope(orderReply), ...errorResponses(404, 409) },
        body: idBody.extend({
          status: z.enum(ORDER_STATUSES, { error: 'Choose a valid status.' }),
          note: z.string().trim().max(500).optional(),
          refund_to: z.enum(REFUND_TARGETS, { error: 'Choose wallet or card.' }).default('wallet'),
        }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id, status, note, refund_to: refundTo } = request.body;
      if (status === 'delivered') {
        // Without the customer's code, an admin's written reason is the proof (audited).
        await delivery.confirmDeliveryAsAdmin(ctx, actor.id, id, parseInput(requiredNote, { note }).note);
      } else if (status === 'cancelled') {
        const reason = parseInput(requiredNote, { note }).note;
        await orders.cancelOrder(ctx, id, { id: actor.id, role: 'admin' }, { reason, refundTo });
      } else {
        await delivery.changeOrderStatus(ctx, id, status, { id: actor.id, role: 'admin' }, note ?? null);
      }
      return ok((await orders.getOrder(ctx.db, request.body.id, actor)).order, 'Order status has been updated');
    },
  );

  api.get(
    '/admin/orders/agents',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Approved agents who can take an order, with their open load',
        response: { 200: envelope(z.array(dispatchAgentReply)), ...errorResponses(404) },
        querystring: idBody,
      },
    },
    async (request) => ok(await delivery.agentsForOrder(ctx.db, request.query.id)),
  );

  api.post(
    '/admin/orders/assign',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Assign or reassign a paid order to a named agent',
        response: { 200: envelope(orderReply), ...errorResponses(404, 409) },
        body: orderAssignBody,
      },
    },
    async (request) =>
      ok(
        await delivery.assignAsAdmin(ctx, currentUser(request).id, request.body.id, request.body.agent_id),
        'Order assigned',
      ),
  );
}
