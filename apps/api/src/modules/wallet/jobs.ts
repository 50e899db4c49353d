import type { AppContext } from '../../lib/context';
import { inconsistentWallets } from './ledger';
import { reconcileWithdrawals } from './service';

export const RECONCILE_WITHDRAWALS_JOB = 'wallet.reconcile-withdrawals';
export const CHECK_LEDGER_JOB = 'wallet.check-ledger';

export function registerWalletJobs(ctx: AppContext) {
  ctx.jobs.work(RECONCILE_WITHDRAWALS_JOB, async () => {
    const settled = await reconcileWithdrawals(ctx);
    if (settled) ctx.log.info({ settled }, 'withdrawals reconciled');
  });
  ctx.jobs.every(RECONCILE_WITHDRAWALS_JOB, 5);

  // Every balance must equal the sum of its entries; an alarm here means a bug, never routine.
  ctx.jobs.work(CHECK_LEDGER_JOB, async () => {
    const broken = await inconsistentWallets(ctx.db);
    if (broken.length) ctx.log.error({ wallets: broken }, 'wallet balances differ from their ledgers');
  });
  ctx.jobs.every(CHECK_LEDGER_JOB, 60);
}
