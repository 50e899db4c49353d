import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { raffleTicketsStoreBody } from '@ruwa/contract';
import {
  adminRaffleTicketReply,
  nextRaffleDrawReply,
  pageOf,
  pastRaffleDrawReply,
  raffleDrawReply,
  raffleTicketReply,
  referralRewardReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { created, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import * as engagement from './service';

export async function registerEngagementRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };
  const paging = (query: z.infer<typeof pageQuery>) => ({ limit: query.per_page, offset: offsetOf(query) });

  api.get(
    '/users/me/referral-rewards',
    {
      ...user,
      schema: {
        tags: ['engagement'],
        summary: 'Referral rewards earned',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(referralRewardReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await engagement.listReferralRewards(
        ctx.db,
        currentUser(request).id,
        paging(request.query),
      );
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/raffle-tickets/me',
    {
      ...user,
      schema: {
        tags: ['engagement'],
        summary: "The customer's raffle tickets",
        querystring: pageQuery,
        response: { 200: envelope(pageOf(raffleTicketReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await engagement.listMyTickets(ctx.db, currentUser(request).id, paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/raffle-tickets/next-draw',
    {
      ...user,
      schema: {
        tags: ['engagement'],
        summary: 'The next raffle draw: its day and prize, as announced by admins',
        response: { 200: envelope(nextRaffleDrawReply) },
      },
    },
    async () => ok(await engagement.nextDraw(ctx.db)),
  );

  api.get(
    '/raffle-tickets/index',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All raffle tickets (admins)',
        querystring: pageQuery.extend({ properties: z.unknown().optional() }),
        response: { 200: envelope(pageOf(adminRaffleTicketReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await engagement.listAllTickets(ctx.db, paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/raffle-tickets/store',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Create raffle tickets',
        response: created(z.array(raffleTicketReply)),
        body: raffleTicketsStoreBody,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await engagement.createTickets(ctx, currentUser(request).id, request.body),
            'Raffle tickets have been created successfully',
          ),
        ),
  );

  // The draw is a write: new clients POST it. The original client GETs it, and that stays.
  for (const method of ['GET', 'POST'] as const)
    api.route({
      method,
      url: '/raffle-tickets/draw',
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Draw a raffle winner',
        response: { ...created(raffleDrawReply), ...errorResponses(409) },
      },
      handler: async (request, reply) =>
        reply.code(201).send(ok(await engagement.draw(ctx, currentUser(request).id), 'Raffle draw successful')),
    });

  api.get(
    '/raffle-draws/index',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Past raffle draws',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(pastRaffleDrawReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await engagement.listDraws(ctx.db, paging(request.query));
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
}
