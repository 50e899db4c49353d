import { VERIFICATION_RESEND_SECONDS, VERIFICATION_SENDS_PER_DAY } from '@ruwa/contract';
import { AppError } from '../../lib/http/errors';

const DAY_MS = 24 * 3600_000;

export type SendWait = { seconds: number; reason: 'interval' | 'daily' };

/**
 * How long to wait before another code or link may be sent, given when the earlier ones went (those
 * of the last 24 hours are enough), or null when one may go now: at least a minute apart, and at most
 * five in any 24 hours. Codes cost money and land on someone's phone, so this holds per account and
 * per number.
 */
export function nextSendWait(sentAt: Date[], now: Date): SendWait | null {
  const times = sentAt.map((at) => at.getTime()).filter((at) => at > now.getTime() - DAY_MS);
  if (!times.length) return null;
  const untilInterval = Math.max(...times) + VERIFICATION_RESEND_SECONDS * 1000 - now.getTime();
  const untilDaily =
    times.length >= VERIFICATION_SENDS_PER_DAY
      ? [...times].sort((a, b) => b - a)[VERIFICATION_SENDS_PER_DAY - 1]! + DAY_MS - now.getTime()
      : 0;
  if (untilInterval <= 0 && untilDaily <= 0) return null;
  return untilDaily > untilInterval
    ? { seconds: Math.ceil(untilDaily / 1000), reason: 'daily' }
    : { seconds: Math.ceil(untilInterval / 1000), reason: 'interval' };
}

/** The 429 for a send that has to wait, with Retry-After; `what` is "code" or "link". */
export function sendTooSoon(wait: SendWait, what: 'code' | 'link'): AppError {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const later =
    wait.seconds >= 3600
      ? `about ${plural(Math.ceil(wait.seconds / 3600), 'hour')}`
      : plural(Math.ceil(wait.seconds / 60), 'minute');
  const message =
    wait.reason === 'interval'
      ? `Please wait ${plural(wait.seconds, 'second')} before asking for another ${what}.`
      : `You have asked for ${VERIFICATION_SENDS_PER_DAY} ${what}s in the last 24 hours. Try again in ${later}.`;
  return new AppError('too_many_requests', message).retryAfter(wait.seconds);
}
