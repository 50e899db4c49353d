import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  VERIFICATION_RESEND_SECONDS,
  type VerificationSent,
} from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { newSmsCode, sameDigest, smsCodeHash } from '../../lib/secrets';
import * as usersService from '../users/service';
import type { UserRow } from '../users/service';
import { phoneVerifications } from './schema';
import { nextSendWait, sendTooSoon } from './send-limits';

const CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
const DAY_MS = 24 * 3600_000;

export const PHONE_ALREADY_VERIFIED = 'Your phone number is already verified.';
export const NO_CODE_SENT = 'Ask for a code first.';
export const CODE_EXPIRED = 'This code has expired. Ask for a new one.';
export const CODE_USED_UP = 'Too many wrong codes. Ask for a new one.';

/**
 * A 6-digit code is reversible from its plain SHA-256 by trying all million, so the hash is bound to
 * the number it was sent to; what keeps a leaked row harmless is that it lives ten minutes.
 */
const codeHash = (phoneNumber: string, code: string) => smsCodeHash(phoneNumber, code);

/** When the codes of the last 24 hours went out, for this account or to this number. */
async function recentSends(db: DbOrTx, userId: number, phoneNumber: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(
      and(
        or(eq(phoneVerifications.userId, userId), eq(phoneVerifications.phoneNumber, phoneNumber)),
        gt(phoneVerifications.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return rows.map((row) => row.at);
}

/**
 * Texts a new code to the account's number. Only the newest code is checked (verifyPhoneCode), so a
 * new one replaces the last. The SMS is sent while the customer waits: if the provider fails, they
 * are told (502) and the code is withdrawn, so the failed send does not count against their limits
 * and the previous code still works; nothing holds the code to retry it later.
 */
export async function sendPhoneCode(ctx: AppContext, user: UserRow): Promise<VerificationSent> {
  if (usersService.hasVerifiedPhone(user)) throw new AppError('conflict', PHONE_ALREADY_VERIFIED);
  const code = newSmsCode();
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    // One account's sends take turns, so two at once cannot both pass the limits.
    await usersService.lockUser(tx, user.id);
    const wait = nextSendWait(await recentSends(tx, user.id, user.phoneNumber, now), now);
    if (wait) throw sendTooSoon(wait, 'code');
    const [inserted] = await tx
      .insert(phoneVerifications)
      .values({
        userId: user.id,
        phoneNumber: user.phoneNumber,
        codeHash: codeHash(user.phoneNumber, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: phoneVerifications.id });
    return inserted!;
  });
  try {
    await ctx.sms.send({
      to: user.phoneNumber,
      text: `Your Ruwa code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Do not share it with anyone.`,
    });
  } catch (error) {
    await ctx.db.delete(phoneVerifications).where(eq(phoneVerifications.id, row.id));
    ctx.log.warn({ err: error, userId: user.id }, 'verification SMS not sent');
    throw error;
  }
  return {
    sent_to: user.phoneNumber,
    expires_in_seconds: CODE_TTL_MS / 1000,
    resend_in_seconds: VERIFICATION_RESEND_SECONDS,
  };
}

/**
 * Checks a code against the newest one sent to the account's current number. Each try is claimed
 * (counted) before the comparison, so five tries is five even when they arrive at once; after the
 * fifth the code is dead and a new one must be asked for. Answers the verified user.
 */
export async function verifyPhoneCode(ctx: AppContext, user: UserRow, code: string): Promise<UserRow> {
  if (usersService.hasVerifiedPhone(user)) throw new AppError('conflict', PHONE_ALREADY_VERIFIED);
  const now = new Date();
  const [latest] = await ctx.db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, user.id), eq(phoneVerifications.phoneNumber, user.phoneNumber)))
    .orderBy(desc(phoneVerifications.id))
    .limit(1);
  if (!latest) throw fieldError('code', NO_CODE_SENT);
  if (latest.usedAt || latest.expiresAt <= now) throw fieldError('code', CODE_EXPIRED);

  const [claimed] = await ctx.db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.id, latest.id),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.expiresAt, now),
        lt(phoneVerifications.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: phoneVerifications.attempts });
  if (!claimed) throw fieldError('code', CODE_USED_UP);

  if (!sameDigest(latest.codeHash, codeHash(latest.phoneNumber, code))) {
    const left = PHONE_CODE_MAX_ATTEMPTS - claimed.attempts;
    throw fieldError(
      'code',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : CODE_USED_UP,
    );
  }

  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(phoneVerifications)
      .set({ usedAt: now })
      .where(and(eq(phoneVerifications.id, latest.id), isNull(phoneVerifications.usedAt)))
      .returning({ id: phoneVerifications.id });
    // A second request with the same code got here first, or the number changed meanwhile.
    if (!used.length) throw fieldError('code', CODE_EXPIRED);
    if (!(await usersService.markPhoneVerified(tx, user.id, latest.phoneNumber)))
      throw fieldError('code', CODE_EXPIRED);
    return usersService.getUser(tx, user.id);
  });
}

/** Housekeeping: codes are kept a day past their expiry (the resend limits count them). */
export async function deleteDeadPhoneCodes(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(phoneVerifications).where(lt(phoneVerifications.expiresAt, new Date(now.getTime() - DAY_MS)));
}
