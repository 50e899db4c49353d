import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { EMAIL_LINK_TTL_HOURS, VERIFICATION_RESEND_SECONDS, type VerificationSent } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { actionEmail } from '../../platform/mail/mailer';
import * as usersService from '../users/service';
import type { UserRow } from '../users/service';
import { emailVerifications } from './schema';
import { nextSendWait, sendTooSoon } from './send-limits';
import * as tokens from './tokens';

const LINK_TTL_MS = EMAIL_LINK_TTL_HOURS * 3600_000;
const DAY_MS = 24 * 3600_000;

export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already verified.';
export const EMAIL_LINK_INVALID = 'This link has expired or was already used. Ask for a new one from your profile.';

/**
 * E-mails a single-use link proving the account's address (at sign-up, after an address change, and
 * on request). `limited`: a request from the customer, which the resend limits apply to; sign-up and
 * an address change send one link each anyway.
 */
export async function sendEmailLink(
  ctx: AppContext,
  user: UserRow,
  { limited }: { limited: boolean },
): Promise<VerificationSent> {
  if (user.emailVerifiedAt) throw new AppError('conflict', EMAIL_ALREADY_VERIFIED);
  const now = new Date();
  const { token, hash } = tokens.newOpaqueToken();
  const row = await ctx.db.transaction(async (tx) => {
    await usersService.lockUser(tx, user.id);
    if (limited) {
      const sent = await tx
        .select({ at: emailVerifications.createdAt })
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, user.id),
            gt(emailVerifications.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        );
      const wait = nextSendWait(
        sent.map((s) => s.at),
        now,
      );
      if (wait) throw sendTooSoon(wait, 'link');
    }
    const [inserted] = await tx
      .insert(emailVerifications)
      .values({
        userId: user.id,
        email: user.email,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + LINK_TTL_MS),
        createdAt: now,
      })
      .returning({ id: emailVerifications.id });
    return inserted!;
  });
  const url = `${ctx.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Confirm your e-mail address for Ruwa',
      ...actionEmail({
        greeting: `Hello ${user.firstName},`,
        lines: [
          'Please confirm that this is your e-mail address, so we can reach you about your orders and your account.',
          `The link works once, for ${EMAIL_LINK_TTL_HOURS} hours.`,
        ],
        action: { label: 'Confirm my e-mail address', url },
        footer: 'If you did not create a Ruwa account, you can ignore this e-mail.',
      }),
    });
  } catch (error) {
    await ctx.db.delete(emailVerifications).where(eq(emailVerifications.id, row.id));
    ctx.log.warn({ err: error, userId: user.id }, 'verification e-mail not sent');
    throw new AppError('bad_gateway', 'We could not send the e-mail just now. Please try again in a minute.');
  }
  return {
    sent_to: user.email,
    expires_in_seconds: LINK_TTL_MS / 1000,
    resend_in_seconds: limited ? VERIFICATION_RESEND_SECONDS : 0,
  };
}

/**
 * Uses a link's token: the address it was sent to becomes verified, if it is still the account's
 * address. The link needs no session (it is often opened on another device). Opening a used link
 * again, once the address is verified, is not an error.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const hash = tokens.hashToken(token);
  const now = new Date();
  const verified = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hash),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning();
    return row ? usersService.markEmailVerified(tx, row.userId, row.email) : false;
  });
  if (verified) return;
  const [used] = await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, hash));
  const owner = used?.usedAt ? await usersService.getUser(ctx.db, used.userId) : null;
  const stillVerified = owner?.emailVerifiedAt && owner.email.toLowerCase() === used!.email.toLowerCase();
  if (!stillVerified) throw fieldError('token', EMAIL_LINK_INVALID);
}

/** Housekeeping: links are kept a day past their expiry (the resend limits count them). */
export async function deleteDeadEmailLinks(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, new Date(now.getTime() - DAY_MS)));
}
