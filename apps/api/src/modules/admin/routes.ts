import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerSuspendBody,
  idField,
  walletAdjustmentBody,
  walletCreditApprovalBody,
  walletCreditRequestFilter,
} from '@ruwa/contract';
import {
  adminAlertCountsReply,
  auditEntryReply,
  customerDetailReply,
  customerReply,
  dashboardReply,
  pageOf,
  staffMemberReply,
  walletCreditRequestReply,
  walletReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { countPendingApplications } from '../agents/service';
import { listAudit } from '../audit/service';
import { unacceptedOrdersCount } from '../orders/service';
import { currentUser, type Guards } from '../auth/guards';
import * as users from '../users/service';
import { listCreditRequests } from '../wallet/service';
import { adjustWallet, approveWalletCredit, customerDetail, resendPasswordReset, setCustomerStatus } from './customers';
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
    '/admin/alerts',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'What the sidebar badges count: orders no agent took in time, agent applications',
        response: { 200: envelope(adminAlertCountsReply) },
      },
    },
    async () => {
      const [unacceptedOrders, pendingAgents] = await Promise.all([
        unacceptedOrdersCount(ctx.db),
        countPendingApplications(ctx.db),
      ]);
      return ok({ unaccepted_orders: unacceptedOrders, pending_agents: pendingAgents });
    },
  );

  api.get(
    '/admin/admins',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The active admins, to choose who is on duty for order alerts',
        response: { 200: envelope(z.array(staffMemberReply)) },
      },
    },
    async () =>
      ok(
        (await users.activeAdmins(ctx.db)).map((row) => ({
          id: row.id,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          phone_number: row.phoneNumber,
        })),
      ),
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
        description:
          'A credit above the admins’ amount (settings `adjustments.credit_approval_above`) moves nothing yet: ' +
          'it answers 202 with the pending credit, which a second admin approves.',
        response: {
          200: envelope(walletReply),
          202: envelope(walletCreditRequestReply),
          ...errorResponses(403, 404, 409, 422),
        },
        body: walletAdjustmentBody,
      },
    },
    async (request, reply) => {
      const result = await adjustWallet(ctx, currentUser(request).id, request.body);
      if (result.kind === 'pending')
        return reply
          .code(202)
          .send(
            ok(
              result.request,
              result.request.status === 'approved'
                ? 'This credit was approved by a second admin'
                : 'The credit waits for a second admin to approve it',
            ),
          );
      return ok(
        result.wallet,
        request.body.direction === 'credit' ? 'The wallet has been credited' : 'The wallet has been debited',
      );
    },
  );

  api.get(
    '/admin/wallet-adjustments',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Support credits waiting for (or approved by) a second admin',
        querystring: pageQuery.extend(walletCreditRequestFilter.shape),
        response: { 200: envelope(pageOf(walletCreditRequestReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await listCreditRequests(ctx.db, {
        status: request.query.status,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/admin/wallet-adjustments/approve',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'A second admin approves a pending credit: the wallet is credited, once',
        description: '403 for the admin who asked for it. Approving again answers it and credits nothing.',
        response: { 200: envelope(walletCreditRequestReply), ...errorResponses(403, 404, 422) },
        body: walletCreditApprovalBody,
      },
    },
    async (request) =>
      ok(
        await approveWalletCredit(ctx, currentUser(request).id, request.body.reference),
        'The credit was approved and the wallet credited',
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
