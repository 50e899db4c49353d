import type { AppContext } from '../../lib/context';
import { checkDays } from './service';

export const CHECK_PROVIDERS_JOB = 'reconciliation.check';

/**
 * Every hour, yesterday and today are compared with Paystack and the VTU provider, and the VTU float
 * with its account, so a gap shows within the hour.
 */
export function registerReconciliationJobs(ctx: AppContext) {
  ctx.jobs.work(CHECK_PROVIDERS_JOB, async () => {
    const results = await checkDays(ctx);
    const open = results.reduce((sum, result) => sum + result.open, 0);
    if (open) ctx.log.warn({ results }, 'reconciliation found differences with the providers');
  });
  ctx.jobs.every(CHECK_PROVIDERS_JOB, 60);
}
