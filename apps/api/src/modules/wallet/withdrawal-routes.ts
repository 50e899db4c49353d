import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminWithdrawalFilter, withdrawalReferenceBody } from '@ruwa/contract';
import { adminWithdrawalReply, pageOf, withdrawalReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import { getWallet } from './service';
import type { WithdrawalRow } from './schema';
import { listWithdrawalsForAdmin, toAdminWithdrawals } from './withdrawal-holds';
import { cancelHeldWithdrawal, releaseHeldWithdrawal } from './withdrawals';

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
    '/admin/withdrawals',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Customers’ withdrawals, with their customer',
        description: '`status=held` lists the ones waiting before their bank transfer, the soonest sent first.',
        querystring: pageQuery.extend(adminWithdrawalFilter.shape),
        response: { 200: envelope(pageOf(adminWithdrawalReply)) },
      },
    },
    async (request) => {
      const { rows, total } = await listWithdrawalsForAdmin(ctx.db, {
        status: request.query.status,
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
        description: 'After calling the customer. 409 when it is no longer held (cancelled, or already sent).',
        response: { 200: envelope(adminWithdrawalReply), ...errorResponses(404, 409) },
        body: withdrawalReferenceBody,
      },
    },
    async (request) => {
      const row = await releaseHeldWithdrawal(ctx, request.body.reference, currentUser(request).id);
      const [released] = await toAdminWithdrawals(ctx.db, [row]);
      return ok(released!, 'The withdrawal was released and is on its way to the bank.');
    },
  );
}
