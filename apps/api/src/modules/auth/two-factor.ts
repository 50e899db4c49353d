import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_CODE_INVALID,
  type TwoFactorChallenge,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError } from '../../lib/http/errors';
import { audit } from '../audit/service';
import type { UserRow } from '../users/service';
import { checkPassword } from './password-check';
import { loginChallenges, twoFactor, twoFactorRecoveryCodes } from './schema';
import * as tokens from './tokens';

const ISSUER = 'Ruwa';
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes one challenge takes; then the password has to be typed again (and is rate limited). */
export const MAX_CHALLENGE_ATTEMPTS = 5;
const RECOVERY_CODE_COUNT = 8;
// Same alphabet as referral codes: no 0/O or 1/I, because people copy these from paper.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1', // what every authenticator app understands
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code belongs to, or null. One step either side is accepted because phone clocks
 * drift; the step (not the code) is what the replay guard remembers.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secret, 'check');
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

async function findRow(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row ?? null;
}

export async function isEnabled(db: DbOrTx, userId: number): Promise<boolean> {
  return Boolean((await findRow(db, userId))?.enabledAt);
}

export async function status(db: DbOrTx, userId: number): Promise<TwoFactorStatus> {
  const row = await findRow(db, userId);
  if (!row?.enabledAt) return { enabled: false, recovery_codes_left: 0 };
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recovery_codes_left: left?.n ?? 0 };
}

/** A fresh secret waiting for its first code. Starting again replaces a setup that was never confirmed. */
export async function startSetup(ctx: AppContext, user: UserRow): Promise<TwoFactorSetup> {
  if (await isEnabled(ctx.db, user.id)) {
    throw new AppError('conflict', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
  }
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .insert(twoFactor)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    });
  const otpauthUrl = totpFor(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    otpauth_url: otpauthUrl,
    secret,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Accepts a code at most once: the step is recorded by one conditional UPDATE, so the same code (or
 * an older one) sent again, even concurrently, finds nothing to update.
 */
async function claimStep(db: DbOrTx, userId: number, step: number, pending = false): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, ...(pending ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        pending ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/** Checks a current code against an enabled secret and uses it up. */
export async function useCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const row = await findRow(db, userId);
  if (!row?.enabledAt) return false;
  const step = matchingStep(row.secret, code);
  return step !== null && (await claimStep(db, userId, step));
}

async function useRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, tokens.hashToken(normaliseRecoveryCode(code))),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

/** The first good code turns it on and hands out recovery codes, shown this once. */
export async function confirmSetup(ctx: AppContext, user: UserRow, code: string): Promise<TwoFactorEnabled> {
  const row = await findRow(ctx.db, user.id);
  if (row?.enabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on.');
  if (!row) throw new AppError('conflict', 'Start setting up two-factor sign-in first.');
  const step = matchingStep(row.secret, code);
  if (step === null) throw fieldError('code', TWO_FACTOR_CODE_INVALID);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    if (!(await claimStep(tx, user.id, step, true))) throw fieldError('code', TWO_FACTOR_CODE_INVALID);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: tokens.hashToken(normaliseRecoveryCode(c)) })));
    await audit(tx, { actorId: user.id, action: 'two_factor.enabled', entity: 'users', entityId: user.id });
  });
  return { recovery_codes: codes };
}

/** Turning it off needs a current code or the password, so a borrowed session alone cannot. */
export async function disable(
  ctx: AppContext,
  user: UserRow,
  proof: { code?: string; password?: string },
  request: FastifyRequest,
): Promise<void> {
  if (!(await isEnabled(ctx.db, user.id))) throw new AppError('conflict', 'Two-factor sign-in is not on.');
  if (proof.code !== undefined) {
    if (!(await useCode(ctx.db, user.id, proof.code))) throw fieldError('code', TWO_FACTOR_CODE_INVALID);
  } else if (!(await checkPassword(ctx, user, proof.password ?? '', request))) {
    throw fieldError('password', 'The password is not correct.');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
    await audit(tx, { actorId: user.id, action: 'two_factor.disabled', entity: 'users', entityId: user.id });
  });
}

export async function issueChallenge(db: DbOrTx, userId: number): Promise<TwoFactorChallenge> {
  const { token, hash } = tokens.newOpaqueToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db.insert(loginChallenges).values({ userId, tokenHash: hash, expiresAt });
  return { two_factor_required: true, challenge_token: token, expires_at: expiresAt.toISOString() };
}

/**
 * Claims one attempt at the live challenge for a token (unused, unexpired, with attempts to spare),
 * before any code is compared: one conditional UPDATE, so parallel guesses each need a claim of their
 * own and at most MAX_CHALLENGE_ATTEMPTS codes are ever judged per challenge. Every try counts, the
 * right one too (it then uses the challenge up). Null when no attempt is left.
 */
export async function claimChallengeAttempt(db: DbOrTx, token: string): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokens.hashToken(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
        lt(loginChallenges.failedAttempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ id: loginChallenges.id, userId: loginChallenges.userId });
  return row ?? null;
}

/** A 6-digit code or an unused recovery code. */
export async function useCodeOrRecovery(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  return /^\d{6}$/.test(code) ? useCode(db, userId, code) : useRecoveryCode(db, userId, code);
}

/** Marks the challenge used; false when a racing request got there first. */
export async function consumeChallenge(db: DbOrTx, challengeId: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

export async function deleteDeadChallenges(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
}
