import { randomUUID } from 'node:crypto';
import {
  API_ERROR_CODES,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type WalletCreditRequest,
  type walletAdjustmentBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { requestPasswordReset, revokeAllTokens } from '../auth/service';
import { listMyTickets, listReferralRewards, referralRewardsTotal } from '../engagement/service';
import { listMyOrders, listMySubscriptions } from '../orders/service';
import * as users from '../users/service';
import { listMyPurchases } from '../vtu/service';
import { notify } from '../notifications/service';
import { getSettings } from '../settings/service';
import {
  createCreditRequest,
  credit,
  debit,
  findCreditRequest,
  findMovement,
  getWallet,
  listTransactions,
  lockCreditRequest,
  lockWallet,
  markCreditApproved,
  toCreditRequests,
} from '../wallet/service';

const firstPage = { limit: 20, offset: 0 };

/** Everything an admin needs about one customer on one screen. */
export async function customerDetail(ctx: AppContext, id: number) {
  const row = await users.getUser(ctx.db, id);
  const [wallet, ledger, orders, subscriptions, vtu, referrals, referralTotal, tickets] = await Promise.all([
    getWallet(ctx.db, id),
    listTransactions(ctx.db, id, firstPage),
    listMyOrders(ctx.db, id, firstPage),
    listMySubscriptions(ctx.db, id, firstPage),
    listMyPurchases(ctx.db, id, firstPage),
    listReferralRewards(ctx.db, id, firstPage),
    referralRewardsTotal(ctx.db, id),
    listMyTickets(ctx.db, id, firstPage),
  ]);
  return {
    user: { ...users.toUser(row), status: row.status, referral_rewards: referralTotal },
    wallet,
    ledger,
    orders,
    subscriptions,
    vtu,
    referrals,
    tickets,
  };
}

/**
 * A suspended customer is signed out everywhere at once and cannot sign in again. The status change,
 * the revoked sessions and the audit row are one transaction: a suspension never leaves a live session
 * behind, and never goes unrecorded.
 */
export async function setCustomerStatus(
  ctx: AppContext,
  adminId: number,
  id: number,
  status: 'active' | 'suspended',
  note?: string,
) {
  const after = await ctx.db.transaction(async (tx) => {
    const before = await users.getUser(tx, id);
    if (before.role === 'admin') throw new AppError('forbidden', 'Admins cannot be suspended here.');
    const row = await users.setStatus(tx, id, status);
    if (status === 'suspended') await revokeAllTokens(tx, id);
    await audit(tx, {
      actorId: adminId,
      action: `customer.${status === 'suspended' ? 'suspend' : 'reactivate'}`,
      entity: 'users',
      entityId: id,
      before: { status: before.status },
      after: { status: row.status, note: note ?? null },
    });
    return row;
  });
  return { ...users.toUser(after), status: after.status };
}

export async function resendPasswordReset(ctx: AppContext, adminId: number, id: number) {
  const user = await users.getUser(ctx.db, id);
  if (user.status !== 'active') throw new AppError('conflict', 'Reactivate the account before sending a reset link.');
  await requestPasswordReset(ctx, user.email);
  await audit(ctx.db, { actorId: adminId, action: 'customer.password_reset_sent', entity: 'users', entityId: id });
}

export type WalletAdjustment = z.output<typeof walletAdjustmentBody>;

/** What support's adjustments tell the customer and the admins. */
export const WALLET_ADJUSTMENT_TEXTS = {
  creditedTitle: 'Wallet credited by support',
  debitedTitle: 'Wallet debited by support',
  credited: (amount: string, reason: string) => `${amount} was added to your wallet. Reason: ${reason}`,
  debited: (amount: string, reason: string) => `${amount} was taken from your wallet. Reason: ${reason}`,
  reusedReference: 'This reference was already used for a different adjustment.',
  adminWallet: 'Admin wallets are not adjusted here.',
  ownRequest: 'Another admin must approve this credit: you asked for it.',
} as const;

const reusedReference = () => new AppError('conflict', WALLET_ADJUSTMENT_TEXTS.reusedReference);

type Movement = {
  customerId: number;
  direction: 'credit' | 'debit';
  amountKobo: number;
  reason: string;
  reference: string;
};

/**
 * The adjustment itself, in the caller's transaction: one journal between the wallet and the support
 * adjustments account, the line the customer sees in their history, the audit row and the
 * customer's notification. The wallet row stays locked from the look for an earlier adjustment under
 * the same reference to the write, so a retry never moves money again.
 */
async function applyAdjustment(tx: Tx, adminId: number, m: Movement, auditAfter: Record<string, unknown> = {}) {
  const signedKobo = m.direction === 'credit' ? m.amountKobo : -m.amountKobo;
  const wallet = await lockWallet(tx, m.customerId);
  const earlier = await findMovement(tx, 'adjustment', m.reference);
  if (earlier) {
    if (earlier.walletId !== wallet.id || earlier.amountKobo !== signedKobo) throw reusedReference();
    return;
  }
  const movement = {
    amountKobo: m.amountKobo,
    type: 'adjustment' as const,
    reference: m.reference,
    description: `Support ${m.direction}: ${m.reason}`,
  };
  const entry =
    m.direction === 'credit'
      ? await credit(tx, m.customerId, movement)
      : await debit(tx, m.customerId, movement, 'amount');
  // Only a reference another customer's adjustment took in the meantime lands here.
  if (entry.walletId !== wallet.id) throw reusedReference();
  await audit(tx, {
    actorId: adminId,
    action: `wallet.${m.direction}`,
    entity: 'users',
    entityId: m.customerId,
    before: { balance_kobo: wallet.balanceKobo },
    after: {
      balance_kobo: entry.balanceAfterKobo,
      amount_kobo: m.amountKobo,
      reason: m.reason,
      reference: m.reference,
      ...auditAfter,
    },
  });
  const amount = formatNaira(koboToNaira(m.amountKobo));
  await notify(tx, m.customerId, {
    kind: 'wallet',
    title: m.direction === 'credit' ? WALLET_ADJUSTMENT_TEXTS.creditedTitle : WALLET_ADJUSTMENT_TEXTS.debitedTitle,
    description:
      m.direction === 'credit'
        ? WALLET_ADJUSTMENT_TEXTS.credited(amount, m.reason)
        : WALLET_ADJUSTMENT_TEXTS.debited(amount, m.reason),
  });
}

export type AdjustmentResult =
  { kind: 'done'; wallet: Awaited<ReturnType<typeof getWallet>> } | { kind: 'pending'; request: WalletCreditRequest };

/**
 * Support credits or debits a customer's wallet, all in one transaction. A credit above the admins'
 * amount moves nothing yet: it is recorded as pending (audited) until a second admin approves it
 * (approveWalletCredit). A retry or a second click under the same reference answers the first result.
 */
export async function adjustWallet(
  ctx: AppContext,
  adminId: number,
  body: WalletAdjustment,
): Promise<AdjustmentResult> {
  const customer = await users.getUser(ctx.db, body.id);
  if (customer.role === 'admin') throw new AppError('forbidden', WALLET_ADJUSTMENT_TEXTS.adminWallet);
  const amountKobo = nairaToKobo(body.amount);
  const reference = body.reference ?? randomUUID();
  const movement: Movement = {
    customerId: customer.id,
    direction: body.direction,
    amountKobo,
    reason: body.reason,
    reference,
  };
  const approvalAboveKobo = nairaToKobo((await getSettings(ctx.db)).adjustments.credit_approval_above);
  const pending = await ctx.db.transaction(async (tx) => {
    const requested = await findCreditRequest(tx, reference);
    if (requested) {
      if (requested.userId !== customer.id || requested.amountKobo !== amountKobo || body.direction !== 'credit')
        throw reusedReference();
      return requested;
    }
    if (body.direction === 'credit' && amountKobo > approvalAboveKobo) {
      // An earlier adjustment under this reference moved money already: that one is the answer.
      if (await findMovement(tx, 'adjustment', reference)) throw reusedReference();
      const { row: request, created } = await createCreditRequest(tx, {
        reference,
        userId: customer.id,
        amountKobo,
        reason: body.reason,
        requestedBy: adminId,
      });
      if (request.userId !== customer.id || request.amountKobo !== amountKobo) throw reusedReference();
      if (created)
        await audit(tx, {
          actorId: adminId,
          action: 'wallet.credit_requested',
          entity: 'users',
          entityId: customer.id,
          after: { amount_kobo: amountKobo, reason: body.reason, reference },
        });
      return request;
    }
    await applyAdjustment(tx, adminId, movement);
    return null;
  });
  if (pending) return { kind: 'pending', request: (await toCreditRequests(ctx.db, [pending]))[0]! };
  return { kind: 'done', wallet: await getWallet(ctx.db, customer.id) };
}

/**
 * A second admin approves a pending credit: the wallet moves then, once. The request row is locked
 * first, so two approvals at once move money once (the second finds it approved and answers it);
 * the admin who asked is refused (and the table itself refuses that approver).
 */
export async function approveWalletCredit(ctx: AppContext, adminId: number, reference: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const request = await lockCreditRequest(tx, reference);
    if (!request) throw notFound('Pending credit');
    if (request.requestedBy === adminId)
      throw new AppError('forbidden', WALLET_ADJUSTMENT_TEXTS.ownRequest, undefined, {
        code: API_ERROR_CODES.secondAdminRequired,
      });
    if (request.status === 'approved') return request;
    await applyAdjustment(
      tx,
      adminId,
      {
        customerId: request.userId,
        direction: 'credit',
        amountKobo: request.amountKobo,
        reason: request.reason,
        reference: request.reference,
      },
      { requested_by: request.requestedBy },
    );
    return markCreditApproved(tx, request.id, adminId);
  });
  return (await toCreditRequests(ctx.db, [row]))[0]!;
}
