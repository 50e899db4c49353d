import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { requestPasswordReset, revokeAllTokens } from '../auth/service';
import { listMyTickets, listReferralRewards, referralRewardsTotal } from '../engagement/service';
import { listMyOrders, listMySubscriptions } from '../orders/service';
import * as users from '../users/service';
import { listMyPurchases } from '../vtu/service';
import { getWallet, listTransactions } from '../wallet/service';

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
