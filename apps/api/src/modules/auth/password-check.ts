import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import type { UserRow } from '../users/service';
import { verifyPassword } from './password';

/**
 * Every check of a signed-in user's password outside sign-in (setting or resetting the wallet PIN,
 * changing the password, the e-mail or the phone number, turning two-factor off) goes through
 * checkPassword, which shares one budget per account and one per client address across all of them:
 * a stolen session must not be a password oracle, and each check is an argon2 hash that one client
 * must not be able to run in bulk.
 */
export const PASSWORD_CHECK_WINDOW_MINUTES = 15;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limitsByContext = new WeakMap<AppContext, { perAccount: Limiter; perIp: Limiter }>();

// The account's key travels on the request, because the limiter's key is computed from it.
const accountKeys = new WeakMap<FastifyRequest, number>();

/** Creates the shared counters (in Redis when REDIS_URL is set, in memory otherwise). */
export function installPasswordLimits(app: FastifyInstance, ctx: AppContext): void {
  const timeWindow = PASSWORD_CHECK_WINDOW_MINUTES * 60_000;
  limitsByContext.set(ctx, {
    perAccount: app.createRateLimit({
      max: ctx.config.RATE_LIMIT_PASSWORD_PER_ACCOUNT,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `password:account:${accountKeys.get(request)}`,
    }),
    perIp: app.createRateLimit({
      max: ctx.config.RATE_LIMIT_PASSWORD_PER_IP,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `password:ip:${request.ip}`,
    }),
  });
}

/**
 * Whether `password` is the user's, after claiming one attempt from both budgets. The attempt is
 * claimed before the hash is compared, so parallel guesses cannot all slip in under the limit; a
 * right password uses one too (a person types it a handful of times an hour at most). Over the
 * limit this throws a 429 without comparing anything.
 */
export async function checkPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  request: FastifyRequest,
): Promise<boolean> {
  const limits = limitsByContext.get(ctx);
  if (!limits) throw new Error('checkPassword: installPasswordLimits() was not called for this app');
  accountKeys.set(request, user.id);
  // The address first, so one client over its budget does not also spend the account's.
  for (const limit of [limits.perIp, limits.perAccount]) {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
      throw new AppError(
        'too_many_requests',
        `Too many password attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      ).retryAfter(result.ttlInSeconds);
    }
  }
  return verifyPassword(user.passwordHash, password);
}
