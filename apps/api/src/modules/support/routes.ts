import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSupportCasesFilter,
  idField,
  supportCaseCustomerReplyBody,
  supportCaseNoteBody,
  supportCaseReplyBody,
  supportCaseStatusBody,
  supportCaseStoreBody,
} from '@ruwa/contract';
import { adminSupportCaseReply, pageOf, supportCaseReply, supportContactsReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { AppError } from '../../lib/http/errors';
import { created, documentAs, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import { supportContacts } from '../settings/service';
import * as support from './service';

const HOUR = 3600_000;

export async function registerSupportRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };

  // A few cases an hour per customer, counted where every rate limit is (Redis when REDIS_URL is set).
  const casesPerHour = app.createRateLimit({
    max: ctx.config.RATE_LIMIT_SUPPORT_CASES_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request: FastifyRequest) => `support-cases:user:${request.user?.id ?? request.ip}`,
  });
  const limitCases = documentAs(async (request: FastifyRequest) => {
    const result = await casesPerHour(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
      throw new AppError(
        'too_many_requests',
        `You have reported several problems in a short time. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
      ).retryAfter(result.ttlInSeconds);
    }
  }, 'rate-limited');

  api.get(
    '/support/contacts',
    {
      schema: {
        tags: ['support'],
        summary: "The business's phone, WhatsApp and e-mail for customers",
        response: { 200: envelope(supportContactsReply) },
      },
    },
    async () => ok(await supportContacts(ctx.db)),
  );

  api.post(
    '/support/cases',
    {
      ...user,
      preHandler: limitCases,
      schema: {
        tags: ['support'],
        summary: 'Report a problem with one of your purchases or wallet movements',
        description:
          '`reference` is a purchase reference (ORD-n, SUB-n, VTU-n) or a wallet movement’s TX_ id, the caller’s own (404 otherwise).',
        body: supportCaseStoreBody,
        response: { ...created(supportCaseReply), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const opened = await support.openCase(ctx.db, currentUser(request).id, request.body);
      return reply.code(201).send(ok(opened, `We have received your report. Your case number is #${opened.id}.`));
    },
  );

  api.get(
    '/support/cases',
    {
      ...user,
      schema: {
        tags: ['support'],
        summary: 'Your support cases, newest first, with their replies',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(supportCaseReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await support.listMyCases(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/support/cases/reply',
    {
      ...user,
      schema: {
        tags: ['support'],
        summary: 'Answer the team on one of your cases; it is open again',
        body: supportCaseCustomerReplyBody,
        response: { 200: envelope(supportCaseReply), ...errorResponses(404) },
      },
    },
    async (request) =>
      ok(
        await support.answerCase(ctx.db, currentUser(request).id, request.body.id, request.body.message),
        'Your message has been sent',
      ),
  );

  api.get(
    '/admin/support/cases',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Support cases, newest first, optionally of one status',
        querystring: pageQuery.extend(adminSupportCasesFilter),
        response: { 200: envelope(pageOf(adminSupportCaseReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await support.listCases(ctx.db, {
        status: request.query.status,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/admin/support/cases/show',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One support case with its customer, messages and internal notes',
        querystring: z.object({ id: idField() }),
        response: { 200: envelope(adminSupportCaseReply), ...errorResponses(404) },
      },
    },
    async (request) => ok(await support.getCase(ctx.db, request.query.id)),
  );

  api.post(
    '/admin/support/cases/update-status',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Move a support case to open, waiting on customer or resolved (audited)',
        body: supportCaseStatusBody,
        response: { 200: envelope(adminSupportCaseReply), ...errorResponses(404) },
      },
    },
    async (request) =>
      ok(
        await support.changeStatus(ctx.db, currentUser(request).id, request.body.id, request.body.status),
        'The case status has been updated',
      ),
  );

  api.post(
    '/admin/support/cases/add-note',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Write an internal note on a support case; the customer never sees it (audited)',
        body: supportCaseNoteBody,
        response: { 200: envelope(adminSupportCaseReply), ...errorResponses(404) },
      },
    },
    async (request) =>
      ok(await support.addNote(ctx.db, currentUser(request).id, request.body.id, request.body.note), 'Note added'),
  );

  api.post(
    '/admin/support/cases/reply',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Reply to the customer: in the app (a notification) and by e-mail (audited)',
        body: supportCaseReplyBody,
        response: { 200: envelope(adminSupportCaseReply), ...errorResponses(404) },
      },
    },
    async (request) =>
      ok(
        await support.replyToCustomer(ctx, currentUser(request).id, request.body.id, request.body.message),
        'Your reply has been sent to the customer',
      ),
  );
}
