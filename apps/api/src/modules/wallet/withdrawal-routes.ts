import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminWithdrawalFilter, withdrawalReferenceBody } from '@ruwa/contract';
import { adminWithdrawalReply, ownWithdrawalReply, pageOf, withdrawalReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import { getWallet } from './service';
import type { WithdrawalRow } from './schema';
import { listOwnWithdrawals, listWithdrawalsForAdmin, toAdminWithdrawals } from './withdrawal-holds';
import { approveHeldWithdrawal, cancelHeldWithdrawal, releaseHeldWithdrawal } from './withdrawals';

/** A withdrawal as its customer is answered: where it stands, why it waits, and the wallet now. */
export async function withdrawalResult(ctx: AppContext, row: WithdrawalRow) {
  return {
    reference: row.reference,
    status: row.status,
    hold_reason: row.holdReason,
    held_until: row.heldUntil?.toISOString() ?? null,
    wallet: await getWallet(ctx.db, row.userId),
  };
}

/** Held withdrawals: the customer cancels one, admins list them and release one after calling its customer. */
export function registerWithdrawalHoldRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  api.post(
    '/wallet/withdrawals/cancel',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'Cancel a held withdrawal: the money goes back to the wallet',
        description:
          'Only while it is held (409 once its bank transfer has started). Cancelling it again answers the ' +
          'cancelled withdrawal and credits nothing.',
        response: { 200: envelope(withdrawalReply), ...errorResponses(404, 409) },
        body: withdrawalReferenceBody,
      },
    },
    async (request) => {
      const row = await cancelHeldWithdrawal(ctx, currentUser(request).id, request.body.reference);
      return ok(
        await withdrawalResult(ctx, row),
        'Your withdrawal was cancelled and the money is back in your wallet.',
      );
    },
  );

  api.get(
    '/wallet/withdrawals/me',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'The caller’s own withdrawals (payout history), newest first',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(ownWithdrawalReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await listOwnWithdrawals(ctx.db, currentUser(request).id, {
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.get(
    '/admin/withdrawals',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Customers’ withdrawals, with their customer',
        description:
          '`status=held` lists the ones waiting before their bank transfer: those waiting for approval first, ' +
          'then the soonest sent. `q` matches the reference or the customer’s e-mail, phone or name.',
        querystring: pageQuery.extend(adminWithdrawalFilter.shape),
        response: { 200: envelope(pageOf(adminWithdrawalReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await listWithdrawalsForAdmin(ctx.db, {
        status: request.query.status,
        search: request.query.q,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/admin/withdrawals/release',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Release a held withdrawal: its bank transfer starts at once',
        description:
          'After calling the customer. 409 when it is no longer held (cancelled, or already sent); 403 for the ' +
          'admin’s own withdrawal.',
        response: { 200: envelope(adminWithdrawalReply), ...errorResponses(403, 404, 409) },
        body: withdrawalReferenceBody,
      },
    },
    async (request) => {
      const row = await releaseHeldWithdrawal(ctx, request.body.reference, currentUser(request).id);
      const [released] = await toAdminWithdrawals(ctx.db, [row]);
      return ok(released!, 'The withdrawal was released and is on its way to the bank.');
    },
  );

  api.post(
    '/admin/withdrawals/approve',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Approve a held withdrawal: its bank transfer starts, once',
        description:
          'For withdrawals waiting for approval (above the admins’ amount, or to an account in another name), ' +
          'and timed holds. Approving again answers it as it is now and sends nothing again. 403 for the ' +
          'admin’s own withdrawal (another admin approves it); 409 when it was cancelled.',
        response: { 200: envelope(adminWithdrawalReply), ...errorResponses(403, 404, 409) },
        body: withdrawalReferenceBody,
      },
    },
    async (request) => {
      const row = await approveHeldWithdrawal(ctx, request.body.reference, currentUser(request).id);
      const [approved] = await toAdminWithdrawals(ctx.db, [row]);
      return ok(approved!, 'The withdrawal was approved and is on its way to the bank.');
    },
  );
}
