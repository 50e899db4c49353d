import {
  CURRENT_PIN_REQUIRED,
  API_ERROR_CODES,
  WALLET_PIN_LOCK_MINUTES,
  WALLET_PIN_MAX_ATTEMPTS,
  WITHDRAWAL_HOLD_HOURS,
  walletLockedMessage,
  weakPinReason,
  type walletPinBody,
  type walletPinResetBody,
} from '@ruwa/contract';
import type { PinResetSent } from '@ruwa/contract/replies';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { hashSecret, newLinkToken, newSmsCode, sameDigest, sha256, smsCodeHash, verifySecret } from '../../lib/secrets';
import { actionEmail } from '../../platform/mail/mailer';
import { audit, auditEntryTimes } from '../audit/service';
// Not through auth/service.ts: that imports agents -> orders -> the wallet, which imports this file.
// eslint-disable-next-line import/no-restricted-paths
import { checkPassword } from '../auth/password-check';
// eslint-disable-next-line import/no-restricted-paths
import { nextSendWait, sendTooSoon } from '../auth/send-limits';
// eslint-disable-next-line import/no-restricted-paths
import { tellOwner } from '../auth/account-alerts';
import { hasVerifiedPhone, type UserRow } from '../users/service';
import { walletPins } from './schema';
import { startWithdrawalCooldown } from './withdrawal-holds';

const LOCK_MS = WALLET_PIN_LOCK_MINUTES * 60_000;
const RESET_TTL_MS = 30 * 60_000;
/** Wrong SMS codes that end a reset by code: five guesses of a million, then a new code is needed. */
const RESET_CODE_MAX_ATTEMPTS = 5;

const CODE_INVALID = 'This code is not valid or has expired. Ask for a new one.';
const CODE_USED_UP = 'Too many wrong codes. Ask for a new one.';
const LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** An SMS code is stored bound to its account and purpose, so it matches nothing else. */
const resetCodeHash = (userId: number, code: string) => smsCodeHash(`wallet-pin-reset:${userId}`, code);

/** Whether a PIN is set, and until when spending is locked (null when it is not). */
export async function pinState(db: DbOrTx, userId: number, now = new Date()) {
  const [row] = await db
    .select({ lockedUntil: walletPins.lockedUntil })
    .from(walletPins)
    .where(eq(walletPins.userId, userId));
  const lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  return { set: Boolean(row), lockedUntil };
}

function lockedError(lockedUntil: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError('locked', walletLockedMessage(seconds), undefined, {
    code: API_ERROR_CODES.walletLocked,
    retry_after_seconds: seconds,
    locked_until: lockedUntil.toISOString(),
  }).retryAfter(seconds);
}

const pinError = (field: string, message: string) =>
  new AppError('validation', message, { [field]: [message] }, { code: API_ERROR_CODES.pinRequired });

type Outcome = { ok: true } | { ok: false; error: AppError };

/**
 * Checks a PIN against the customer's, counting wrong ones. The PIN row stays locked (FOR UPDATE)
 * from the read of the counter to its write, so concurrent guesses are judged one after another and
 * no more than WALLET_PIN_MAX_ATTEMPTS of them are ever compared before the lock. The answer is
 * thrown after the counter's transaction commits: a wrong PIN must be counted even though it fails.
 */
async function checkPin(ctx: AppContext, userId: number, pin: string | undefined, field: string): Promise<void> {
  // Nothing sent: nothing to compare or count, so a plain read tells whether that is refused.
  if (pin === undefined) {
    const refusal = await refusalWithoutPin(ctx.db, userId, field);
    if (refusal) throw refusal;
    return;
  }
  // Without a PIN there is nothing to check or lock: a plain read says so, without a transaction's
  // two extra round trips on each wallet payment. (With one, the PIN's hash check outweighs the read.)
  if (!(await pinState(ctx.db, userId)).set) return;
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome | null> => {
    const [row] = await tx.select().from(walletPins).where(eq(walletPins.userId, userId)).for('update');
    if (!row) return null;
    const now = new Date();
    if (row.lockedUntil && row.lockedUntil > now) return { ok: false, error: lockedError(row.lockedUntil, now) };
    if (await verifySecret(row.pinHash, pin)) {
      if (row.failedAttempts > 0 || row.lockedUntil)
        await tx
          .update(walletPins)
          .set({ failedAttempts: 0, lockedUntil: null, updatedAt: now })
          .where(eq(walletPins.userId, userId));
      return { ok: true };
    }
    const failed = row.failedAttempts + 1;
    if (failed >= WALLET_PIN_MAX_ATTEMPTS) {
      const lockedUntil = new Date(now.getTime() + LOCK_MS);
      await tx
        .update(walletPins)
        .set({ failedAttempts: 0, lockedUntil, updatedAt: now })
        .where(eq(walletPins.userId, userId));
      await audit(tx, {
        actorId: userId,
        action: 'wallet.pin_locked',
        entity: 'user',
        entityId: String(userId),
        after: { locked_until: lockedUntil.toISOString() },
      });
      return { ok: false, error: lockedError(lockedUntil, now) };
    }
    await tx.update(walletPins).set({ failedAttempts: failed, updatedAt: now }).where(eq(walletPins.userId, userId));
    const left = WALLET_PIN_MAX_ATTEMPTS - failed;
    const message = `Wrong PIN. ${left} attempt${left === 1 ? '' : 's'} left before wallet payments are locked for ${WALLET_PIN_LOCK_MINUTES} minutes.`;
    return { ok: false, error: pinError(field, message) };
  });
  if (outcome && !outcome.ok) throw outcome.error;
}

/**
 * The gate before money leaves a wallet (a wallet payment, a withdrawal, a savings withdrawal): a
 * customer who has set a PIN must send it, right, and not while locked. One without a PIN passes;
 * the app asks them to set one before their first wallet payment.
 */
export async function requireWalletPin(ctx: AppContext, userId: number, pin: string | undefined): Promise<void> {
  await checkPin(ctx, userId, pin, 'pin');
}

/** Why spending without a PIN is refused (a PIN is set, or spending is locked); null when it is not. */
export async function refusalWithoutPin(db: DbOrTx, userId: number, field = 'pin'): Promise<AppError | null> {
  const now = new Date();
  const state = await pinState(db, userId, now);
  if (!state.set) return null;
  return state.lockedUntil ? lockedError(state.lockedUntil, now) : pinError(field, 'Enter your 4-digit wallet PIN.');
}

/**
 * The PIN gate of a one-statement wallet payment (the busiest one: a wallet-paid order). A PIN that
 * was sent is checked first, as requireWalletPin() does, wrong ones counted; this answers true. When
 * none was sent it answers false and reads nothing: the payment statement itself then refuses to
 * spend from a wallet whose owner has a PIN (PIN_NOT_NEEDED), and refusalWithoutPin() says why. So
 * the customers without a PIN pay with no read of the PINs at all.
 */
export async function checkSentPin(ctx: AppContext, userId: number, pin: string | undefined): Promise<boolean> {
  if (pin === undefined) return false;
  await checkPin(ctx, userId, pin, 'pin');
  return true;
}

/**
 * The statement's side of that gate: the wallet is spent from only when its PIN was checked
 * (placeholder `pinChecked`) or its owner (`userId`) has none.
 */
export const PIN_NOT_NEEDED = sql`(${sql.placeholder('pinChecked')}::boolean or not exists (select 1 from ${walletPins} where ${walletPins.userId} = ${sql.placeholder('userId')}::int))`;

/**
 * The body's schema refuses repeats, runs and common PINs; only here is the customer's own phone
 * known, so the PIN that is its last digits is refused here (before any PIN or password is judged).
 */
function refuseWeakPin(user: UserRow, pin: string): void {
  const reason = weakPinReason(pin, user.phoneNumber);
  if (reason) throw fieldError('pin', reason);
}

/** Sets the first PIN, or changes it: the account password always, and the current PIN to change it. */
export async function setWalletPin(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof walletPinBody>,
  request: FastifyRequest,
) {
  refuseWeakPin(user, body.pin);
  const existing = await pinState(ctx.db, user.id);
  if (existing.set) {
    if (body.current_pin === undefined) throw fieldError('current_pin', CURRENT_PIN_REQUIRED);
    await checkPin(ctx, user.id, body.current_pin, 'current_pin');
  }
  if (!(await checkPassword(ctx, user, body.password, request)))
    throw fieldError('password', 'The password is incorrect.');
  const pinHash = await hashSecret(body.pin);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(walletPins)
      .values({ userId: user.id, pinHash })
      .onConflictDoUpdate({
        target: walletPins.userId,
        set: {
          pinHash,
          failedAttempts: 0,
          lockedUntil: null,
          resetTokenHash: null,
          resetExpiresAt: null,
          resetAttempts: 0,
          updatedAt: now,
        },
      });
    await audit(tx, {
      actorId: user.id,
      action: existing.set ? 'wallet.pin_changed' : 'wallet.pin_set',
      entity: 'user',
      entityId: String(user.id),
    });
  });
  await tellOwner(
    ctx,
    user,
    existing.set
      ? {
          title: 'Your wallet PIN was changed',
          lines: ['The PIN that protects payments and withdrawals from your Ruwa wallet was changed.'],
        }
      : {
          title: 'Your wallet PIN was set',
          lines: ['A PIN now protects payments and withdrawals from your Ruwa wallet.'],
        },
  );
  return pinState(ctx.db, user.id);
}

/** The audit entry of each PIN reset sent: their times are what the send limits count. */
export const PIN_RESET_SENT = 'wallet.pin_reset_sent';

/**
 * Sends what lets a customer choose a new PIN, single use for 30 minutes, only when a PIN is set and
 * only to an address the account proved: a link to the verified e-mail, else a 6-digit code by SMS
 * to the verified phone. An unproven address may be someone else's, put there by whoever held the
 * session. A new request replaces the last link or code and its count of wrong codes, so requests
 * keep the limits of every code and link sent (a minute apart, five a day: send-limits.ts), judged
 * under the PIN row's lock so requests at once cannot all pass.
 */
export async function requestPinReset(ctx: AppContext, user: UserRow): Promise<PinResetSent> {
  const channel = user.emailVerifiedAt ? 'email' : hasVerifiedPhone(user) ? 'phone' : null;
  if (!channel)
    throw fieldError(
      'email',
      'Verify your e-mail address or your phone number first: a PIN reset goes only to a verified address or phone.',
    );
  const link = channel === 'email' ? newLinkToken() : null;
  const code = channel === 'phone' ? newSmsCode() : null;
  await ctx.db.transaction(async (tx) => {
    const [pin] = await tx
      .select({ userId: walletPins.userId })
      .from(walletPins)
      .where(eq(walletPins.userId, user.id))
      .for('update');
    if (!pin) throw fieldError('pin', 'You have not set a wallet PIN yet.');
    const now = new Date();
    const sentAt = await auditEntryTimes(tx, {
      entity: 'user',
      entityId: user.id,
      action: PIN_RESET_SENT,
      since: new Date(now.getTime() - 24 * 3600_000),
    });
    const wait = nextSendWait(sentAt, now);
    if (wait) throw sendTooSoon(wait, code ? 'code' : 'link');
    await tx
      .update(walletPins)
      .set({
        resetTokenHash: link ? link.hash : resetCodeHash(user.id, code!),
        resetExpiresAt: new Date(now.getTime() + RESET_TTL_MS),
        resetAttempts: 0,
        updatedAt: now,
      })
      .where(eq(walletPins.userId, user.id));
    await audit(tx, {
      actorId: user.id,
      action: PIN_RESET_SENT,
      entity: 'user',
      entityId: user.id,
      after: { sent_to: channel },
    });
  });
  if (code) {
    await ctx.sms.send({
      to: user.phoneNumber,
      text: `Your Ruwa wallet PIN reset code is ${code}. It works once, for 30 minutes. Do not share it with anyone.`,
    });
    return { sent_to: 'phone' };
  }
  const url = `${ctx.publicUrl}/wallet/pin/reset?token=${encodeURIComponent(link!.token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Ruwa wallet PIN',
    ...actionEmail({
      greeting: `Hello ${user.firstName},`,
      lines: [
        'We received a request to reset the PIN that protects payments from your Ruwa wallet.',
        'The link works once, for 30 minutes, and asks for your account password too.',
      ],
      action: { label: 'Choose a new PIN', url },
      footer: 'If you did not ask for this, change your password: someone may be using your account.',
    }),
  });
  return { sent_to: 'email' };
}

/**
 * Counts one try of an SMS code against the live reset and answers the stored hash to compare it
 * with, or null when no code can be tried any more (none live, or five tried). The count is one
 * conditional update, claimed before the comparison and committed whatever it finds, so even
 * guesses sent at once are never more than five per code.
 */
export async function claimResetCodeTry(
  db: DbOrTx,
  userId: number,
): Promise<{ hash: string; attempts: number } | null> {
  const [row] = await db
    .update(walletPins)
    .set({ resetAttempts: sql`${walletPins.resetAttempts} + 1` })
    .where(
      and(
        eq(walletPins.userId, userId),
        isNotNull(walletPins.resetTokenHash),
        gt(walletPins.resetExpiresAt, sql`now()`),
        lt(walletPins.resetAttempts, RESET_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ hash: walletPins.resetTokenHash, attempts: walletPins.resetAttempts });
  return row?.hash ? { hash: row.hash, attempts: row.attempts } : null;
}

/** Why no code can be tried: the live one was guessed wrong five times, or there is none. */
async function noCodeLeft(db: DbOrTx, userId: number): Promise<AppError> {
  const [row] = await db
    .select({ attempts: walletPins.resetAttempts })
    .from(walletPins)
    .where(
      and(
        eq(walletPins.userId, userId),
        isNotNull(walletPins.resetTokenHash),
        gt(walletPins.resetExpiresAt, sql`now()`),
      ),
    );
  return fieldError('code', row && row.attempts >= RESET_CODE_MAX_ATTEMPTS ? CODE_USED_UP : CODE_INVALID);
}

/**
 * The hash the live reset must hold for this request: the link's token, or the SMS code after its
 * try is counted (a wrong code is refused here, so its count stands).
 */
async function provenResetHash(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof walletPinResetBody>,
): Promise<string> {
  if (body.code === undefined) return sha256(body.token!);
  const hash = resetCodeHash(userId, body.code);
  const claimed = await claimResetCodeTry(ctx.db, userId);
  if (!claimed) throw await noCodeLeft(ctx.db, userId);
  if (!sameDigest(claimed.hash, hash)) {
    const left = RESET_CODE_MAX_ATTEMPTS - claimed.attempts;
    throw fieldError(
      'code',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : CODE_USED_UP,
    );
  }
  return hash;
}

/**
 * Sets a new PIN from the e-mailed link or the SMS code, plus the account password, and lifts a
 * lock: the mailbox or the phone and the password together prove the owner, which PIN guesses cannot.
 * The password is checked first (its own limits bound it), so codes are counted only for someone
 * who knows it, and a stranger with the session cannot spend the owner's five tries.
 */
export async function resetWalletPin(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof walletPinResetBody>,
  request: FastifyRequest,
) {
  refuseWeakPin(user, body.pin);
  if (!(await checkPassword(ctx, user, body.password, request)))
    throw fieldError('password', 'The password is incorrect.');
  const resetHash = await provenResetHash(ctx, user.id, body);
  const byCode = body.code !== undefined;
  const pinHash = await hashSecret(body.pin);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // The one statement that uses the reset: of two requests with the same secret, one wins.
    const [row] = await tx
      .update(walletPins)
      .set({
        pinHash,
        failedAttempts: 0,
        lockedUntil: null,
        resetTokenHash: null,
        resetExpiresAt: null,
        resetAttempts: 0,
        updatedAt: now,
      })
      .where(
        and(
          eq(walletPins.userId, user.id),
          eq(walletPins.resetTokenHash, resetHash),
          gt(walletPins.resetExpiresAt, sql`now()`),
        ),
      )
      .returning({ userId: walletPins.userId });
    if (!row) throw byCode ? fieldError('code', CODE_INVALID) : fieldError('token', LINK_INVALID);
    await audit(tx, {
      actorId: user.id,
      action: 'wallet.pin_reset',
      entity: 'user',
      entityId: String(user.id),
      after: { by: byCode ? 'sms_code' : 'email_link' },
    });
    // Whoever reset it may hold a stolen session: withdrawals wait, so the owner can stop them.
    await startWithdrawalCooldown(tx, user.id, 'pin_reset', now);
  });
  await tellOwner(ctx, user, {
    title: 'Your wallet PIN was reset',
    lines: [
      byCode
        ? 'The PIN that protects payments and withdrawals from your Ruwa wallet was reset with a code we sent to your phone.'
        : 'The PIN that protects payments and withdrawals from your Ruwa wallet was reset from the link we e-mailed you.',
      `For the next ${WITHDRAWAL_HOLD_HOURS} hours, every withdrawal from your wallet is held before it is sent, and you can cancel it in the app.`,
    ],
  });
  return pinState(ctx.db, user.id);
}
