import type { AppContext } from '../../lib/context';
import { inconsistentWallets } from './ledger';
import { reconcileWithdrawals } from './service';

export const RECONCILE_WITHDRAWALS_JOB = 'wallet.reconcile-withdrawals';
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

  ctx.jobs.work(CHECK_LEDGER_JOB, async () => void (await checkLedger(ctx)));
  ctx.jobs.every(CHECK_LEDGER_JOB, 60);
}
