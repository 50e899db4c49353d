import type { AppContext } from '../../lib/context';
import { purgeDeadTokens } from './service';

export const PURGE_TOKENS_JOB = 'auth.purge-dead-tokens';

export function registerAuthJobs(ctx: AppContext) {
  ctx.jobs.work(PURGE_TOKENS_JOB, () => purgeDeadTokens(ctx));
  ctx.jobs.every(PURGE_TOKENS_JOB, 60);
}
