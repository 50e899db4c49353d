import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerSuspendBody, idField, walletAdjustmentBody } from '@ruwa/contract';
import {
  auditEntryReply,
  customerDetailReply,
  customerReply,
  dashboardReply,
  pageOf,
  walletReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { listAudit } from '../audit/service';
import { currentUser, type Guards } from '../auth/guards';
import * as users from '../users/service';
import { adjustWallet, customerDetail, resendPasswordReset, setCustomerStatus } from './customers';
import { dashboard, RANGES, type Range } from './dashboard';
import { registerStaffRoutes } from './staff-routes';

const idBody = z.object({ id: idField() });

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };
  await registerStaffRoutes(app, ctx, guards);

  api.get(
    '/admin/dashboard',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Business figures for the admin dashboard',
        querystring: z.object({
          range: z
            .enum(Object.keys(RANGES) as [Range, ...Range[]], { error: 'Choose today, 7d or 30d.' })
            .default('7d'),
        }),
        response: { 200: envelope(dashboardReply) },
      },
    },
    async (request) => ok(await dashboard(ctx.db, request.query.range)),
  );

  api.get(
    '/admin/customers',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Search customers',
        querystring: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
        response: { 200: envelope(pageOf(customerReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await users.listCustomers(ctx.db, {
        search: request.query.search || undefined,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(
        toPage(
          rows.map((row) => ({ ...users.toUser(row), status: row.status })),
          total,
          request.query,
          request.url,
        ),
      );
    },
  );

  api.get(
    '/admin/customers/show',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One customer with their activity',
        response: { 200: envelope(customerDetailReply), ...errorResponses(404) },
        querystring: idBody,
      },
    },
    async (request) => ok(await customerDetail(ctx, request.query.id)),
  );

  api.post(
    '/admin/customers/suspend',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Suspend a customer and sign them out',
        response: { 200: envelope(customerReply), ...errorResponses(404, 409) },
        body: customerSuspendBody,
      },
    },
    async (request) =>
      ok(
        await setCustomerStatus(ctx, currentUser(request).id, request.body.id, 'suspended', request.body.note),
        'Customer has been suspended',
      ),
  );

  api.post(
    '/admin/customers/reactivate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a suspended customer',
        response: { 200: envelope(customerReply), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) =>
      ok(
        await setCustomerStatus(ctx, currentUser(request).id, request.body.id, 'active'),
        'Customer has been reactivated',
      ),
  );

  api.post(
    '/admin/customers/send-reset',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'E-mail a customer a password reset link',
        response: { 200: envelope(z.null()), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) => {
      await resendPasswordReset(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'A password reset link has been sent');
    },
  );

  api.post(
    '/admin/customers/wallet-adjustment',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Credit or debit a customer's wallet, with a reason they are shown",
        response: { 200: envelope(walletReply), ...errorResponses(403, 404, 409, 422) },
        body: walletAdjustmentBody,
      },
    },
    async (request) =>
      ok(
        await adjustWallet(ctx, currentUser(request).id, request.body),
        request.body.direction === 'credit' ? 'The wallet has been credited' : 'The wallet has been debited',
      ),
  );

  api.get(
    '/admin/audit',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin writes',
        querystring: pageQuery.extend({
          entity: z.string().trim().max(40).optional(),
          actor_id: idField('actor').optional(),
        }),
        response: { 200: envelope(pageOf(auditEntryReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await listAudit(ctx.db, {
        entity: request.query.entity || undefined,
        actorId: request.query.actor_id,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      // Who made each change, by name and e-mail: an id alone means nothing to the reader.
      const actors = await users.usersByIds(
        ctx.db,
        rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])),
      );
      const withActors = rows.map((row) => {
        const actor = row.actor_id === null ? undefined : actors.get(row.actor_id);
        return {
          ...row,
          actor: actor ? { name: `${actor.firstName} ${actor.lastName}`, email: actor.email } : null,
        };
      });
      return ok(toPage(withActors, total, request.query, request.url));
    },
  );
}
