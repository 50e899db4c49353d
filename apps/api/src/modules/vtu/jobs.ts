import type { AppContext } from '../../lib/context';
import { requeryPending } from './service';

export const REQUERY_VTU_JOB = 'vtu.requery-pending';

export function registerVtuJobs(ctx: AppContext) {
  ctx.jobs.work(REQUERY_VTU_JOB, async () => {
    await requeryPending(ctx);
  });
  ctx.jobs.every(REQUERY_VTU_JOB, 1);
}
