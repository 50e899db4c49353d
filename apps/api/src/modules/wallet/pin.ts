import {
  CURRENT_PIN_REQUIRED,
  API_ERROR_CODES,
  WALLET_PIN_LOCK_MINUTES,
  WALLET_PIN_MAX_ATTEMPTS,
  WITHDRAWAL_HOLD_HOURS,
  type walletPinBody,
  type walletPinResetBody,
} from '@ruwa/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { hashSecret, newLinkToken, sha256, verifySecret } from '../../lib/secrets';
import { actionEmail } from '../../platform/mail/mailer';
import { audit } from '../audit/service';
// Not through auth/service.ts: that imports agents -> orders -> the wallet, which imports this file.
// eslint-disable-next-line import/no-restricted-paths
import { checkPassword } from '../auth/password-check';
// eslint-disable-next-line import/no-restricted-paths
import { tellOwner } from '../auth/account-alerts';
import type { UserRow } from '../users/service';
import { walletPins } from './schema';
import { startWithdrawalCooldown } from './withdrawal-holds';

const LOCK_MS = WALLET_PIN_LOCK_MINUTES * 60_000;
const RESET_TTL_MS = 30 * 60_000;

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
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'locked',
    `Too many wrong PINs. Wallet payments are locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { code: API_ERROR_CODES.walletLocked, retry_after_seconds: seconds, locked_until: lockedUntil.toISOString() },
  ).retryAfter(seconds);
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

/** Sets the first PIN, or changes it: the account password always, and the current PIN to change it. */
export async function setWalletPin(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof walletPinBody>,
  request: FastifyRequest,
) {
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

/**
 * E-mails a single-use link (30 minutes) for choosing a new PIN; only when a PIN is set, and only to
 * a verified e-mail: an unproven address may be someone else's, put there by whoever held the session.
 */
export async function requestPinReset(ctx: AppContext, user: UserRow): Promise<void> {
  if (!user.emailVerifiedAt)
    throw fieldError(
      'email',
      'Verify your e-mail address first: the link to reset your PIN goes only to a verified address.',
    );
  const { token, hash } = newLinkToken();
  const [row] = await ctx.db
    .update(walletPins)
    .set({ resetTokenHash: hash, resetExpiresAt: new Date(Date.now() + RESET_TTL_MS), updatedAt: new Date() })
    .where(eq(walletPins.userId, user.id))
    .returning({ userId: walletPins.userId });
  if (!row) throw fieldError('pin', 'You have not set a wallet PIN yet.');
  const url = `${ctx.publicUrl}/wallet/pin/reset?token=${encodeURIComponent(token)}`;
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
}

/**
 * Sets a new PIN from the e-mailed link plus the account password, and lifts a lock: the e-mail
 * and the password together prove the owner, which PIN guesses cannot.
 */
export async function resetWalletPin(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof walletPinResetBody>,
  request: FastifyRequest,
) {
  if (!(await checkPassword(ctx, user, body.password, request)))
    throw fieldError('password', 'The password is incorrect.');
  const pinHash = await hashSecret(body.pin);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(walletPins)
      .set({
        pinHash,
        failedAttempts: 0,
        lockedUntil: null,
        resetTokenHash: null,
        resetExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(walletPins.userId, user.id),
          eq(walletPins.resetTokenHash, sha256(body.token)),
          gt(walletPins.resetExpiresAt, sql`now()`),
        ),
      )
      .returning({ userId: walletPins.userId });
    if (!row) throw fieldError('token', 'This reset link is invalid or has expired. Ask for a new one.');
    await audit(tx, { actorId: user.id, action: 'wallet.pin_reset', entity: 'user', entityId: String(user.id) });
    // Whoever reset it may hold a stolen session: withdrawals wait, so the owner can stop them.
    await startWithdrawalCooldown(tx, user.id, 'pin_reset', now);
  });
  await tellOwner(ctx, user, {
    title: 'Your wallet PIN was reset',
    lines: [
      'The PIN that protects payments and withdrawals from your Ruwa wallet was reset from the link we e-mailed you.',
      `For the next ${WITHDRAWAL_HOLD_HOURS} hours, every withdrawal from your wallet is held before it is sent, and you can cancel it in the app.`,
    ],
  });
  return pinState(ctx.db, user.id);
}
