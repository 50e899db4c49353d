import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import type { Bank } from '../../platform/paystack/client';
// Only the guards' declaration of the request's signed-in `user`: importing their code here would
// close an import cycle (guards -> auth -> ... -> orders -> wallet).
import type {} from '../auth/guards';

const BANK_LIST_TTL_MS = 3600_000;
/** Paystack's bank list, fetched at most once an hour per client; concurrent first callers share one request. */
const bankCache = new WeakMap<AppContext['paystack'], { at: number; banks: Promise<Bank[]> }>();
export async function listBanks(ctx: AppContext): Promise<Bank[]> {
  const cached = bankCache.get(ctx.paystack);
  if (cached && Date.now() - cached.at < BANK_LIST_TTL_MS) return cached.banks;
  const entry = { at: Date.now(), banks: ctx.paystack.listBanks() };
  bankCache.set(ctx.paystack, entry);
  // A failure is never cached: the next call asks again.
  entry.banks.catch(() => bankCache.get(ctx.paystack) === entry && bankCache.delete(ctx.paystack));
  return entry.banks;
}

/*
 * Account names. Paystack's resolve tells whoever asks the name behind any account number, through
 * the merchant's key, so the app must not become a way to harvest names: a look-up needs a verified
 * phone (the routes' guard), each customer gets RATE_LIMIT_BANK_RESOLVE_PER_MINUTE and _PER_DAY of
 * them (in Redis when REDIS_URL is set), and an answer is kept for a day per bank and number, so the
 * same account again (the save after the look-up, a second customer paying the same person) neither
 * asks Paystack nor counts. Everything that learns an account's name comes through lookUpAccount.
 */
const NAME_TTL_MS = 24 * 3600_000;
/** Names kept per process at most; the least recently used goes first. */
const MAX_NAMES = 10_000;
type KeptName = { at: number; name: Promise<string | null> };
const namesByClient = new WeakMap<AppContext['paystack'], Map<string, KeptName>>();

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limitsByContext = new WeakMap<AppContext, { perMinute: Limiter; perDay: Limiter }>();
const customerOf = (request: FastifyRequest) => {
  if (!request.user) throw new Error('account look-up limits: the route has no signed-in user');
  return request.user.id;
};

/** Creates the look-up counters (in Redis when REDIS_URL is set, in memory otherwise). */
export function installAccountLookupLimits(app: FastifyInstance, ctx: AppContext): void {
  limitsByContext.set(ctx, {
    perMinute: app.createRateLimit({
      max: ctx.config.RATE_LIMIT_BANK_RESOLVE_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `bank-resolve:minute:${customerOf(request)}`,
    }),
    perDay: app.createRateLimit({
      max: ctx.config.RATE_LIMIT_BANK_RESOLVE_PER_DAY,
      timeWindow: 24 * 3600_000,
      keyGenerator: (request: FastifyRequest) => `bank-resolve:day:${customerOf(request)}`,
    }),
  });
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Claims one look-up from the signed-in customer's budgets; over either, a 429 with Retry-After. */
async function claimLookup(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const limits = limitsByContext.get(ctx);
  if (!limits) throw new Error('lookUpAccount: installAccountLookupLimits() was not called for this app');
  // The minute's first, so a burst refused there does not also spend the day's.
  const minute = await limits.perMinute(request);
  if (!minute.isAllowed && minute.isExceeded) {
    throw new AppError(
      'too_many_requests',
      `You have looked up many bank accounts in a short time. Try again in ${plural(minute.ttlInSeconds, 'second')}.`,
    ).retryAfter(minute.ttlInSeconds);
  }
  const day = await limits.perDay(request);
  if (!day.isAllowed && day.isExceeded) {
    const later =
      day.ttlInSeconds >= 3600
        ? `about ${plural(Math.ceil(day.ttlInSeconds / 3600), 'hour')}`
        : plural(Math.max(1, Math.ceil(day.ttlInSeconds / 60)), 'minute');
    throw new AppError(
      'too_many_requests',
      `You have looked up ${ctx.config.RATE_LIMIT_BANK_RESOLVE_PER_DAY} bank accounts in 24 hours, the most we allow. Try again in ${later}.`,
    ).retryAfter(day.ttlInSeconds);
  }
}

/** The kept name of an account, fresh and not failed, moved to the most recently used end. */
function keptName(names: Map<string, KeptName>, key: string): KeptName | undefined {
  const kept = names.get(key);
  if (!kept) return undefined;
  names.delete(key);
  if (Date.now() - kept.at >= NAME_TTL_MS) return undefined;
  names.set(key, kept);
  return kept;
}

/**
 * The bank and the holder's name of an account, for the signed-in customer of `request`: a kept
 * answer, else one look-up claimed from their limits and asked of Paystack. Concurrent look-ups of
 * one account share the question. 422 on the bank code for an unknown bank, on the account number
 * when the bank knows no such account.
 */
export async function lookUpAccount(ctx: AppContext, request: FastifyRequest, accountNumber: string, bankCode: string) {
  const bank = (await listBanks(ctx)).find((b) => b.code === bankCode);
  if (!bank) throw fieldError('bank_code', 'Please select a bank');
  let names = namesByClient.get(ctx.paystack);
  if (!names) namesByClient.set(ctx.paystack, (names = new Map()));
  const key = `${bank.code}:${accountNumber}`;
  let kept = keptName(names, key);
  if (!kept) {
    await claimLookup(ctx, request);
    // Another request may have asked while this one waited for its claim.
    kept = keptName(names, key);
  }
  if (!kept) {
    const entry: KeptName = { at: Date.now(), name: ctx.paystack.resolveAccount(accountNumber, bank.code) };
    names.set(key, entry);
    for (const oldest of names.keys()) {
      if (names.size <= MAX_NAMES) break;
      names.delete(oldest);
    }
    // Only names are kept: an unknown account or a failure asks again next time (and counts again).
    const forget = () => void (names.get(key) === entry && names.delete(key));
    entry.name.then((name) => name ?? forget(), forget);
    kept = entry;
  }
  const accountName = await kept.name;
  if (!accountName)
    throw fieldError('account_number', 'We could not find this account at the selected bank. Check the number.');
  return { bank, accountName };
}
