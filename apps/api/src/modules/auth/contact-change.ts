import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MINUTES, toLocalPhone } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { newSmsCode, sameDigest, smsCodeHash } from '../../lib/secrets';
import { actionEmail } from '../../platform/mail/mailer';
import * as usersService from '../users/service';
import type { UserRow } from '../users/service';
import { tellOwner } from './account-alerts';
import { contactChanges } from './schema';
import { nextSendWait, sendTooSoon } from './send-limits';
import * as tokens from './tokens';

const HOUR_MS = 3600_000;
const EMAIL_LINK_TTL_MS = 24 * HOUR_MS;
const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
/** How long the replaced address can undo a change. */
export const UNDO_DAYS = 7;

export const CHANGE_LINK_INVALID = 'This link has expired or was already used.';
export const UNDO_LINK_INVALID =
  'This link has expired or was already used. If your account is not yours any more, call us.';
export const NO_PHONE_CHANGE = 'Change your phone number in your profile first.';
export const PHONE_CHANGE_CODE_USED_UP = 'Too many wrong codes. Change your phone number in your profile again.';

// The code is bound to the number it was texted to, like a verification code (phone-verification.ts).
const phoneCodeHash = (phoneNumber: string, code: string) => smsCodeHash(`change:${phoneNumber}`, code);

/** A change of this kind still waiting for its proof is replaced by a newer one. */
async function cancelOpenChanges(db: DbOrTx, userId: number, kind: 'email' | 'phone', now: Date) {
  await db
    .update(contactChanges)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(contactChanges.userId, userId),
        eq(contactChanges.kind, kind),
        isNull(contactChanges.appliedAt),
        isNull(contactChanges.cancelledAt),
      ),
    );
}

/**
 * The sends of the last day, for this account or to this address, which the resend limits of
 * verification codes and links apply to: several accounts cannot text one number more than one can.
 */
async function recentSends(db: DbOrTx, userId: number, kind: 'email' | 'phone', newValue: string, now: Date) {
  const rows = await db
    .select({ at: contactChanges.createdAt })
    .from(contactChanges)
    .where(
      and(
        or(eq(contactChanges.userId, userId), eq(contactChanges.newValue, newValue)),
        eq(contactChanges.kind, kind),
        gt(contactChanges.createdAt, new Date(now.getTime() - 24 * HOUR_MS)),
      ),
    );
  return rows.map((row) => row.at);
}

/**
 * Refuses (429) a change whose proof may not be sent yet under the resend limits, before anything
 * of the request is saved; the change's own transaction judges it again under the account's lock.
 */
export async function checkContactChangeMaySend(
  db: DbOrTx,
  user: UserRow,
  kind: 'email' | 'phone',
  newValue: string,
  now = new Date(),
): Promise<void> {
  const wait = nextSendWait(await recentSends(db, user.id, kind, newValue, now), now);
  if (wait) throw sendTooSoon(wait, kind === 'email' ? 'link' : 'code');
}

async function insertChange(
  ctx: AppContext,
  user: UserRow,
  change: { kind: 'email' | 'phone'; newValue: string; secretHash: string; ttlMs: number },
) {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await usersService.lockUser(tx, user.id);
    await checkContactChangeMaySend(tx, user, change.kind, change.newValue, now);
    await cancelOpenChanges(tx, user.id, change.kind, now);
    const [row] = await tx
      .insert(contactChanges)
      .values({
        userId: user.id,
        kind: change.kind,
        oldValue: change.kind === 'email' ? user.email : user.phoneNumber,
        oldVerifiedAt: change.kind === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt,
        newValue: change.newValue,
        secretHash: change.secretHash,
        expiresAt: new Date(now.getTime() + change.ttlMs),
        createdAt: now,
      })
      .returning({ id: contactChanges.id });
    return row!;
  });
}

/**
 * Starts moving the account to a new e-mail address: nothing changes until the link sent to the new
 * address is opened (`confirmEmailChange`). The caller has checked the current password.
 */
export async function startEmailChange(ctx: AppContext, user: UserRow, newEmail: string): Promise<void> {
  const taken = await usersService.findUserByEmail(ctx.db, newEmail);
  if (taken && taken.id !== user.id) throw fieldError('email', 'The email has already been taken.');
  const { token, hash } = tokens.newOpaqueToken();
  const row = await insertChange(ctx, user, {
    kind: 'email',
    newValue: newEmail,
    secretHash: hash,
    ttlMs: EMAIL_LINK_TTL_MS,
  });
  const url = `${ctx.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send({
      to: newEmail,
      subject: 'Confirm your new e-mail address for Ruwa',
      ...actionEmail({
        greeting: `Hello ${user.firstName},`,
        lines: [
          'You asked to use this address for your Ruwa account. It becomes your sign-in address once you confirm it.',
          'The link works once, for 24 hours.',
        ],
        action: { label: 'Confirm my new e-mail address', url },
        footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
      }),
    });
  } catch (error) {
    await ctx.db.delete(contactChanges).where(eq(contactChanges.id, row.id));
    ctx.log.warn({ err: error, userId: user.id }, 'e-mail change link not sent');
    throw new AppError('bad_gateway', 'We could not send the e-mail just now. Please try again in a minute.');
  }
}

/** Starts moving the account to a new phone number: the code texted to it finishes the change. */
export async function startPhoneChange(ctx: AppContext, user: UserRow, newPhone: string): Promise<void> {
  if (await usersService.phoneInUse(ctx.db, newPhone, user.id)) {
    throw fieldError('phone_number', 'The phone number has already been taken.');
  }
  const code = newSmsCode();
  const row = await insertChange(ctx, user, {
    kind: 'phone',
    newValue: newPhone,
    secretHash: phoneCodeHash(newPhone, code),
    ttlMs: PHONE_CODE_TTL_MS,
  });
  try {
    await ctx.sms.send({
      to: newPhone,
      text: `Your Ruwa code to change your phone number is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Do not share it with anyone.`,
    });
  } catch (error) {
    await ctx.db.delete(contactChanges).where(eq(contactChanges.id, row.id));
    ctx.log.warn({ err: error, userId: user.id }, 'phone change code not sent');
    throw error;
  }
}

/** The changes still waiting for their proof, as the profile shows them. */
export async function pendingContact(
  db: DbOrTx,
  userId: number,
): Promise<{ pending_email: string | null; pending_phone: string | null }> {
  const rows = await db
    .select({ kind: contactChanges.kind, newValue: contactChanges.newValue })
    .from(contactChanges)
    .where(
      and(
        eq(contactChanges.userId, userId),
        isNull(contactChanges.appliedAt),
        isNull(contactChanges.cancelledAt),
        gt(contactChanges.expiresAt, new Date()),
        lt(contactChanges.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    );
  return {
    pending_email: rows.find((row) => row.kind === 'email')?.newValue ?? null,
    pending_phone: rows.find((row) => row.kind === 'phone')?.newValue ?? null,
  };
}

/**
 * Applies a claimed change if the account still has the address it replaces (a profile cannot be
 * changed twice from one proof), and tells the replaced address, with the link that undoes it.
 */
async function applyChange(
  ctx: AppContext,
  change: typeof contactChanges.$inferSelect,
  undoToken: string,
): Promise<UserRow> {
  const before = await ctx.db.transaction(async (tx) => {
    await usersService.lockUser(tx, change.userId);
    const user = await usersService.getUser(tx, change.userId);
    const current = change.kind === 'email' ? user.email : user.phoneNumber;
    if (current.toLowerCase() !== change.oldValue.toLowerCase()) throw fieldError('token', CHANGE_LINK_INVALID);
    if (change.kind === 'phone' && (await usersService.phoneInUse(tx, change.newValue, user.id)))
      throw fieldError('code', 'The phone number has already been taken.');
    if (change.kind === 'email') {
      const taken = await usersService.findUserByEmail(tx, change.newValue);
      if (taken && taken.id !== user.id) throw fieldError('token', 'The email has already been taken.');
    }
    await usersService.setContact(tx, user.id, { kind: change.kind, value: change.newValue, verifiedAt: new Date() });
    return user;
  });

  const undoUrl = `${ctx.publicUrl}/auth/undo-change?token=${encodeURIComponent(undoToken)}`;
  const what = change.kind === 'email' ? 'e-mail address' : 'phone number';
  const shown = (value: string) => (change.kind === 'phone' ? toLocalPhone(value) : value);
  await tellOwner(ctx, before, {
    title: `Your ${what} was changed`,
    lines: [
      `The ${what} of your Ruwa account was changed from ${shown(change.oldValue)} to ${shown(change.newValue)}.`,
      `If this was not you, undo it within ${UNDO_DAYS} days: the old ${what} comes back and everyone signed in to your account is signed out.`,
    ],
    action: { label: 'Undo this change', url: undoUrl },
  });
  if (change.kind === 'phone') {
    await ctx.sms
      .send({
        to: change.oldValue,
        text: `Your Ruwa account's phone number was changed to ${toLocalPhone(change.newValue)}. Not you? Open the e-mail we sent you to undo it.`,
      })
      .catch((error: unknown) => ctx.log.warn({ err: error, userId: before.id }, 'phone change notice not sent'));
  }
  return usersService.getUser(ctx.db, change.userId);
}

/** Marks a proven change applied and gives it its undo link; answers null when it was not open. */
async function claimChange(db: DbOrTx, where: ReturnType<typeof and>) {
  const { token, hash } = tokens.newOpaqueToken();
  const now = new Date();
  const [row] = await db
    .update(contactChanges)
    .set({ appliedAt: now, undoTokenHash: hash, undoExpiresAt: new Date(now.getTime() + UNDO_DAYS * 24 * HOUR_MS) })
    .where(
      and(
        where,
        isNull(contactChanges.appliedAt),
        isNull(contactChanges.cancelledAt),
        gt(contactChanges.expiresAt, now),
      ),
    )
    .returning();
  return row ? { change: row, undoToken: token } : null;
}

/**
 * Uses a link sent to a new e-mail address. Answers false when the token is not such a link (it may
 * be a plain verification link, which `verifyEmail` handles).
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<boolean> {
  const hash = tokens.hashToken(token);
  const claimed = await claimChange(ctx.db, and(eq(contactChanges.secretHash, hash), eq(contactChanges.kind, 'email')));
  if (claimed) {
    await applyChange(ctx, claimed.change, claimed.undoToken);
    return true;
  }
  const [known] = await ctx.db
    .select({ id: contactChanges.id })
    .from(contactChanges)
    .where(eq(contactChanges.secretHash, hash));
  if (known) throw fieldError('token', CHANGE_LINK_INVALID);
  return false;
}

/** Checks the code texted to the new number of the account's open phone change, and applies it. */
export async function confirmPhoneChange(ctx: AppContext, user: UserRow, code: string): Promise<UserRow> {
  const now = new Date();
  const [latest] = await ctx.db
    .select()
    .from(contactChanges)
    .where(and(eq(contactChanges.userId, user.id), eq(contactChanges.kind, 'phone')))
    .orderBy(desc(contactChanges.id))
    .limit(1);
  if (!latest || latest.appliedAt || latest.cancelledAt || latest.expiresAt <= now)
    throw fieldError('code', NO_PHONE_CHANGE);
  // Each try is counted before the comparison, so parallel guesses still get five in all.
  const [tried] = await ctx.db
    .update(contactChanges)
    .set({ attempts: sql`${contactChanges.attempts} + 1` })
    .where(and(eq(contactChanges.id, latest.id), lt(contactChanges.attempts, PHONE_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: contactChanges.attempts });
  if (!tried) throw fieldError('code', PHONE_CHANGE_CODE_USED_UP);
  if (!sameDigest(latest.secretHash, phoneCodeHash(latest.newValue, code))) {
    const left = PHONE_CODE_MAX_ATTEMPTS - tried.attempts;
    throw fieldError(
      'code',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : PHONE_CHANGE_CODE_USED_UP,
    );
  }
  const claimed = await claimChange(ctx.db, eq(contactChanges.id, latest.id));
  if (!claimed) throw fieldError('code', NO_PHONE_CHANGE);
  return applyChange(ctx, claimed.change, claimed.undoToken);
}

/**
 * The replaced address undoes a change: the old address comes back as it was (verified or not) and
 * every session of the account is signed out, the thief's included.
 */
export async function undoContactChange(ctx: AppContext, token: string): Promise<void> {
  const now = new Date();
  const user = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .update(contactChanges)
      .set({ undoneAt: now })
      .where(
        and(
          eq(contactChanges.undoTokenHash, tokens.hashToken(token)),
          isNull(contactChanges.undoneAt),
          gt(contactChanges.undoExpiresAt, now),
        ),
      )
      .returning();
    if (!change) throw fieldError('token', UNDO_LINK_INVALID);
    await usersService.lockUser(tx, change.userId);
    // Whatever was asked since is dropped with the change it built on.
    await tx
      .update(contactChanges)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(contactChanges.userId, change.userId),
          isNull(contactChanges.appliedAt),
          isNull(contactChanges.cancelledAt),
        ),
      );
    const restored = await usersService.setContact(tx, change.userId, {
      kind: change.kind,
      value: change.oldValue,
      verifiedAt: change.oldVerifiedAt,
    });
    await tokens.revokeAllTokens(tx, change.userId);
    return restored;
  });
  await tellOwner(ctx, user, {
    title: 'A change to your account was undone',
    lines: [
      'The change was undone and everyone signed in to your account was signed out.',
      'Sign in again; if you think someone knows your password, reset it now.',
    ],
  });
}
