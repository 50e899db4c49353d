import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { users } from '../users/schema';
import { readSession, sessionsChanging, type LiveSession } from './sessions';
import { authTokens, passwordResets } from './schema';

/** 32 random bytes, URL-safe. Only the SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertAuthToken(db: DbOrTx, userId: number, hash: string, expiresAt: Date) {
  await db.insert(authTokens).values({ userId, tokenHash: hash, expiresAt });
}

// Every signed-in request needs this (one round trip for the token and its user) unless the
// instance kept the session (sessions.ts).
const liveSession = preparedStatement((db) =>
  db
    .select({ user: users, tokenId: authTokens.id, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/** The live token's user, or null when the token is unknown, revoked or expired. */
export async function findLiveSession(db: DbOrTx, hash: string): Promise<LiveSession | null> {
  return readSession(db, hash, async () => {
    const [row] = await liveSession(db).execute({ hash, now: new Date() });
    return row ?? null;
  });
}

/**
 * Why a token that once worked no longer does, so the app can say so: its account was suspended,
 * it was revoked (a password change or reset ends every other session; a sign-out clears the token on
 * its own device, so a revoked token still in use almost always means the password changed), or it
 * expired. Null for a token we never issued.
 */
export async function signedOutReason(
  db: DbOrTx,
  hash: string,
): Promise<'account_suspended' | 'session_revoked' | 'session_expired' | null> {
  const [row] = await db
    .select({ revokedAt: authTokens.revokedAt, status: users.status })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hash))
    .limit(1);
  if (!row) return null;
  if (row.status !== 'active') return 'account_suspended';
  return row.revokedAt ? 'session_revoked' : 'session_expired';
}

/** Which of these sessions are still live: token neither revoked nor expired, its user active. */
export async function liveTokenIds(db: DbOrTx, tokenIds: number[]): Promise<Set<number>> {
  if (!tokenIds.length) return new Set();
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        inArray(authTokens.id, tokenIds),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function revokeToken(db: DbOrTx, tokenId: number) {
  sessionsChanging();
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

export async function revokeAllTokens(db: DbOrTx, userId: number, options: { except?: number } = {}) {
  sessionsChanging();
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        options.except === undefined ? undefined : ne(authTokens.id, options.except),
      ),
    );
}

export async function insertPasswordReset(
  db: DbOrTx,
  userId: number,
  hash: string,
  expiresAt: Date,
  channel: 'email' | 'sms' = 'email',
) {
  await db.insert(passwordResets).values({ userId, tokenHash: hash, expiresAt, channel });
}

/**
 * Uses the newest live SMS reset code of a user: each try is claimed before the comparison (five in
 * all, even in parallel), and the right code is used once. Answers whether it was right.
 */
export async function consumePasswordResetCode(db: DbOrTx, userId: number, hash: string): Promise<boolean> {
  const [latest] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.channel, 'sms')))
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.expiresAt <= new Date()) return false;
  const [tried] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, latest.id), lt(passwordResets.attempts, RESET_CODE_MAX_ATTEMPTS)))
    .returning({ id: passwordResets.id });
  if (!tried || latest.tokenHash !== hash) return false;
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, latest.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return Boolean(used);
}

const RESET_CODE_MAX_ATTEMPTS = 5;

/**
 * Marks a live reset token used and answers its user id, in one statement, so two racing requests
 * cannot both use it.
 */
export async function consumePasswordReset(db: DbOrTx, hash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Housekeeping: drop tokens that can no longer be used. */
export async function deleteDeadTokens(db: DbOrTx, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  sessionsChanging();
  await db.delete(authTokens).where(or(lt(authTokens.expiresAt, now), lt(authTokens.revokedAt, dayAgo)));
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, dayAgo), lt(passwordResets.usedAt, dayAgo)));
}
