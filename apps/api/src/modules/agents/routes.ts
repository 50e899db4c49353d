import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAgentAreasBody,
  AGENT_STATUSES,
  agentApplyBody,
  agentDecisionBody,
  agentOrderStatusBody,
  agentUpdateBody,
  idField,
  orderReleaseBody,
} from '@ruwa/contract';
import {
  adminAgentDetailReply,
  agentDashboardReply,
  agentOrderReply,
  agentReply,
  commissionReply,
  pageOf,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { AppError } from '../../lib/http/errors';
import { created, documentAs, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import type { AgentRow } from './schema';
import * as delivery from '../delivery/service';
import * as agents from './service';

declare module 'fastify' {
  interface FastifyRequest {
    agent?: AgentRow;
  }
}

const idBody = z.object({ id: idField() });

/** The approved agent inside a handler guarded by `approvedAgent`. */
function currentAgent(request: FastifyRequest): AgentRow {
  if (!request.agent) throw new AppError('forbidden', 'This is for approved agents only.');
  return request.agent;
}

export async function registerAgentRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };
  /** Approved agents only: pending, rejected and suspended agents get 403. */
  const approvedAgent = {
    onRequest: [
      guards.requireUser,
      documentAs(async (request: FastifyRequest) => {
        const agent = await agents.findAgentByUser(ctx.db, currentUser(request).id);
        if (!agent || agent.status !== 'approved') throw new AppError('forbidden', 'This is for approved agents only.');
        request.agent = agent;
      }, 'restricted'),
    ],
  };
  const paging = (query: z.infer<typeof pageQuery>) => ({ limit: query.per_page, offset: offsetOf(query) });

  api.post(
    '/agents/store',
    {
      ...user,
      schema: {
        tags: ['agents'],
        summary: 'Apply to become an agent',
        response: { ...created(agentReply), ...errorResponses(409) },
        body: agentApplyBody,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await agents.apply(ctx, currentUser(request).id, request.body), 'Registration Successful')),
  );

  api.get(
    '/agents/index',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Agents and applications (admins)',
        querystring: pageQuery.extend({
          status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AGENT_STATUSES).optional()),
        }),
        response: { 200: envelope(pageOf(agentReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await agents.listAgents(ctx.db, {
        ...paging(request.query),
        status: request.query.status,
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/admin/agents/show',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One agent: business, person, held orders, deliveries and commission (admins)',
        querystring: idBody,
        response: { 200: envelope(adminAgentDetailReply), ...errorResponses(404) },
      },
    },
    async (request) => ok(await agents.agentDetail(ctx.db, request.query.id)),
  );

  api.post(
    '/agents/update-status',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Approve, reject or suspend an agent',
        response: { 200: envelope(agentReply), ...errorResponses(404, 409) },
        body: agentDecisionBody,
      },
    },
    async (request) =>
      ok(await agents.decide(ctx, currentUser(request).id, request.body), 'Agent status has been updated successfully'),
  );

  api.post(
    '/admin/agents/update-areas',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Set where an agent delivers and what they sell (admins); audited, the agent is told',
        response: { 200: envelope(agentReply), ...errorResponses(404) },
        body: adminAgentAreasBody,
      },
    },
    async (request) =>
      ok(await agents.setAreasAsAdmin(ctx, currentUser(request).id, request.body), 'Agent areas have been updated'),
  );

  api.get(
    '/agents/me',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "The signed-in agent's profile",
        response: { 200: envelope(agentReply) },
      },
    },
    async (request) => ok(await agents.getMyAgent(ctx.db, currentAgent(request))),
  );

  api.post(
    '/agents/update',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "Update the agent's settings",
        body: agentUpdateBody,
        response: { 200: envelope(agentReply) },
      },
    },
    async (request) => ok(await agents.updateMyAgent(ctx, currentAgent(request), request.body), 'Settings saved'),
  );

  api.get(
    '/agents/me/dashboard',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "The agent's counts and earnings",
        response: { 200: envelope(agentDashboardReply) },
      },
    },
    async (request) => ok(await agents.dashboard(ctx.db, currentAgent(request))),
  );

  api.get(
    '/agents/me/orders',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "Open orders in the agent's areas",
        querystring: pageQuery.extend({ scope: z.enum(['open', 'mine']).default('open') }),
        response: { 200: envelope(pageOf(agentOrderReply)) },
      },
    },
    async (request) => {
      const list = request.query.scope === 'open' ? delivery.openOrders : delivery.myOrders;
      const { rows, total } = await list(ctx.db, currentAgent(request), paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/agents/orders/accept',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: 'Accept an open order',
        response: { 200: envelope(agentOrderReply), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) => ok(await delivery.accept(ctx, currentAgent(request), request.body.id), 'Order accepted'),
  );

  api.post(
    '/agents/orders/update-status',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: 'Mark an accepted order out for delivery or delivered',
        description:
          'Delivering needs the customer’s 4-digit delivery code (422 `errors.delivery_code` when missing or wrong; locked after 5 wrong tries).',
        response: { 200: envelope(agentOrderReply), ...errorResponses(404, 409) },
        body: agentOrderStatusBody,
      },
    },
    async (request) =>
      ok(
        await delivery.moveOrder(
          ctx,
          currentAgent(request),
          request.body.id,
          request.body.status,
          request.body.delivery_code,
        ),
        'Order status has been updated',
      ),
  );

  api.post(
    '/agents/orders/release',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: 'Give back an accepted order before setting off; it is open again for the area',
        response: { 200: envelope(agentOrderReply), ...errorResponses(404, 409) },
        body: orderReleaseBody,
      },
    },
    async (request) =>
      ok(await delivery.release(ctx, currentAgent(request), request.body.id, request.body.reason), 'Order released'),
  );

  api.get(
    '/agents/me/rewards',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "The agent's commissions",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(commissionReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await delivery.listCommissions(ctx.db, currentAgent(request).id, paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/agents/me/transactions',
    {
      ...approvedAgent,
      schema: {
        tags: ['agents'],
        summary: "The agent's deliveries",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(agentOrderReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await delivery.myOrders(ctx.db, currentAgent(request), paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
}
