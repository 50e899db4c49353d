import { randomUUID } from 'node:crypto';
import { formatNaira, nairaToKobo, type walletAdjustmentBody } from '@ruwa/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { requestPasswordReset, revokeAllTokens } from '../auth/service';
import { listMyTickets, listReferralRewards, referralRewardsTotal } from '../engagement/service';
import { listMyOrders, listMySubscriptions } from '../orders/service';
import * as users from '../users/service';
import { listMyPurchases } from '../vtu/service';
import { notify } from '../notifications/service';
import { credit, debit, findMovement, getWallet, listTransactions, lockWallet } from '../wallet/service';

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

/**
 * Support credits or debits a customer's wallet: one journal between the wallet and the support
 * adjustments account, the line the customer sees in their history, the audit row and the
 * customer's notification, all in one transaction. The wallet row stays locked from the look for an
 * earlier adjustment under the same reference to the write, so a retry or a second click answers
 * the first result and never moves money again.
 */
export async function adjustWallet(ctx: AppContext, adminId: number, body: WalletAdjustment) {
  const customer = await users.getUser(ctx.db, body.id);
  if (customer.role === 'admin') throw new AppError('forbidden', 'Admin wallets are not adjusted here.');
  const amountKobo = nairaToKobo(body.amount);
  const signedKobo = body.direction === 'credit' ? amountKobo : -amountKobo;
  const reference = body.reference ?? randomUUID();
  const reusedReference = () => new AppError('conflict', 'This reference was already used for a different adjustment.');
  await ctx.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, customer.id);
    const earlier = await findMovement(tx, 'adjustment', reference);
    if (earlier) {
      if (earlier.walletId !== wallet.id || earlier.amountKobo !== signedKobo) throw reusedReference();
      return;
    }
    const movement = {
      amountKobo,
      type: 'adjustment' as const,
      reference,
      description: `Support ${body.direction}: ${body.reason}`,
    };
    const entry =
      body.direction === 'credit'
        ? await credit(tx, customer.id, movement)
        : await debit(tx, customer.id, movement, 'amount');
    // Only a reference another customer's adjustment took in the meantime lands here.
    if (entry.walletId !== wallet.id) throw reusedReference();
    await audit(tx, {
      actorId: adminId,
      action: `wallet.${body.direction}`,
      entity: 'users',
      entityId: customer.id,
      before: { balance_kobo: wallet.balanceKobo },
      after: { balance_kobo: entry.balanceAfterKobo, amount_kobo: amountKobo, reason: body.reason, reference },
    });
    const amount = formatNaira(body.amount);
    await notify(tx, customer.id, {
      kind: 'wallet',
      title: body.direction === 'credit' ? 'Wallet credited by support' : 'Wallet debited by support',
      description:
        body.direction === 'credit'
          ? `${amount} was added to your wallet. Reason: ${body.reason}`
          : `${amount} was taken from your wallet. Reason: ${body.reason}`,
    });
  });
  return getWallet(ctx.db, customer.id);
}
