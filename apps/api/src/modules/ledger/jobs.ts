import type { AppContext } from '../../lib/context';
import { ledgerViolations } from './service';

export const CHECK_BOOKS_JOB = 'ledger.check-books';

/**
 * The hourly proof of the running balances: every journal sums to zero, each platform account's
 * running balance equals the sum of its postings, each wallet and savings pocket equals its
 * customer account. It reads every posting, which the trial balance never does (it reads the running
 * balances). An alarm here means a bug; it logs the broken rules as an error and answers them.
 */
export async function checkBooks(ctx: AppContext) {
  const broken = await ledgerViolations(ctx.db);
  if (broken.length) ctx.log.error({ broken }, 'the ledger does not balance');
  return broken;
}

export function registerLedgerJobs(ctx: AppContext) {
  ctx.jobs.work(CHECK_BOOKS_JOB, async () => void (await checkBooks(ctx)));
  ctx.jobs.every(CHECK_BOOKS_JOB, 60);
}
