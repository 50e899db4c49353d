import type { AppContext } from '../../lib/context';
import { inconsistentWallets } from './ledger';
import { reconcileWithdrawals, releaseDueWithdrawals } from './service';

export const RECONCILE_WITHDRAWALS_JOB = 'wallet.reconcile-withdrawals';
export const RELEASE_HELD_WITHDRAWALS_JOB = 'wallet.release-held-withdrawals';
export const CHECK_LEDGER_JOB = 'wallet.check-ledger';

/**
 * Every balance must equal the sum of its entries; an alarm here means a bug, never routine. Logs
 * the broken wallets as an error (what the ledger job reports) and answers them.
 */
export async function checkLedger(ctx: AppContext) {
  const broken = await inconsistentWallets(ctx.db);
  if (broken.length) ctx.log.error({ wallets: broken }, 'wallet balances differ from their ledgers');
  return broken;
}

export function registerWalletJobs(ctx: AppContext) {
  ctx.jobs.work(RECONCILE_WITHDRAWALS_JOB, async () => {
    const settled = await reconcileWithdrawals(ctx);
    if (settled) ctx.log.info({ settled }, 'withdrawals reconciled');
  });
  ctx.jobs.every(RECONCILE_WITHDRAWALS_JOB, 5);

  // A held withdrawal's transfer starts within a minute of its hold ending.
  ctx.jobs.work(RELEASE_HELD_WITHDRAWALS_JOB, async () => {
    const released = await releaseDueWithdrawals(ctx);
    if (released) ctx.log.info({ released }, 'held withdrawals released');
  });
  ctx.jobs.every(RELEASE_HELD_WITHDRAWALS_JOB, 1);

  ctx.jobs.work(CHECK_LEDGER_JOB, async () => void (await checkLedger(ctx)));
  ctx.jobs.every(CHECK_LEDGER_JOB, 60);
}
