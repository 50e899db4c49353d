import type { AppContext } from '../../lib/context';
import { DELIVERY_CODES_JOB } from '../orders/service';
import { sendDeliveryCodes } from './delivery-codes';

export function registerDeliveryJobs(ctx: AppContext) {
  ctx.jobs.work(DELIVERY_CODES_JOB, async () => {
    const sent = await sendDeliveryCodes(ctx);
    if (sent) ctx.log.info({ sent }, 'delivery codes sent by SMS');
  });
  // Sent after each order as well; the schedule catches subscription deliveries and failed sends.
  ctx.jobs.every(DELIVERY_CODES_JOB, 1);
}
