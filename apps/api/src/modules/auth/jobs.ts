import type { AppContext } from '../../lib/context';
import { purgeDeadTokens } from './service';
import { ADMIN_SIGN_IN_ALERT_JOB, sendAdminSignInAlert } from './sign-in-alerts';

export const PURGE_TOKENS_JOB = 'auth.purge-dead-tokens';

export function registerAuthJobs(ctx: AppContext) {
  ctx.jobs.work(PURGE_TOKENS_JOB, () => purgeDeadTokens(ctx));
  ctx.jobs.every(PURGE_TOKENS_JOB, 60);
  // Sent by each admin sign-in from a new device, after the sign-in is recorded.
  ctx.jobs.work(ADMIN_SIGN_IN_ALERT_JOB, (data) => sendAdminSignInAlert(ctx, data));
}
