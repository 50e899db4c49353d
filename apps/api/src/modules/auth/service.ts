import {
  LOGIN_FAILED_MESSAGE,
  RESET_FAILED_MESSAGE,
  SUSPENDED_MESSAGE,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INVALID,
  WITHDRAWAL_HOLD_HOURS,
  type AuthResult,
  type changePasswordBody,
  type loginBody,
  type TwoFactorChallenge,
  type twoFactorLoginBody,
  type registerBody,
  type resetBody,
} from '@ruwa/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError } from '../../lib/http/errors';
import { newSmsCode, smsCodeHash } from '../../lib/secrets';
import { actionEmail } from '../../platform/mail/mailer';
import { agentSummary } from '../agents/service';
import { referralRewardsTotal } from '../engagement/service';
import * as usersService from '../users/service';
import type { UserRow } from '../users/service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import * as tokens from './tokens';
import * as twoFactor from './two-factor';
import { requireStrongPassword } from './password-strength';
import { checkPassword } from './password-check';
import { deleteDeadEmailLinks, sendEmailLink } from './email-verification';
import { deleteDeadPhoneCodes } from './phone-verification';
import { pendingContact } from './contact-change';
import { tellOwner } from './account-alerts';
import { noteAdminSignIn, type SignInClient } from './sign-in-alerts';
import { startWithdrawalCooldown } from '../wallet/service';

export { revokeAllTokens } from './tokens';
export { checkContactChangeMaySend, confirmPhoneChange, startEmailChange, startPhoneChange } from './contact-change';
export { checkPassword } from './password-check';

const RESET_TTL_MS = 30 * 60_000;

/** The signed-in user as the web keeps it: login, `/users/me` and a profile update all answer this. */
export async function signedInUser(ctx: AppContext, user: UserRow): Promise<AuthResult['user']> {
  const [referralRewards, agent, pending] = await Promise.all([
    referralRewardsTotal(ctx.db, user.id),
    agentSummary(ctx.db, user.id),
    pendingContact(ctx.db, user.id),
  ]);
  return { ...usersService.toUser(user), referral_rewards: referralRewards, agent, ...pending };
}

/** A new session; `client` says where a sign-in came from (an admin hears of a new device). */
async function issueToken(ctx: AppContext, user: UserRow, client?: SignInClient): Promise<AuthResult> {
  const { token, hash } = tokens.newOpaqueToken();
  const expiresAt = new Date(Date.now() + ctx.config.TOKEN_TTL_DAYS * 24 * 3600_000);
  await tokens.insertAuthToken(ctx.db, user.id, hash, expiresAt);
  if (client) await noteAdminSignIn(ctx, user, client);
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_at: expiresAt.toISOString(),
    user: await signedInUser(ctx, user),
  };
}

/**
 * A sign-up is judged whole before anything is written, so one answer names every field to fix (a
 * weak password and a taken phone together). The unique indexes still decide a race between two.
 */
export async function register(ctx: AppContext, input: z.output<typeof registerBody>): Promise<AuthResult> {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
  try {
    await requireStrongPassword(input.password, 'password', [
      input.email,
      input.first_name,
      input.last_name,
      input.phone_number,
    ]);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    for (const [field, messages] of Object.entries(error.fields)) messages.forEach((m) => refuse(field, m));
  }
  if (await usersService.findUserByEmail(ctx.db, input.email)) refuse('email', 'The email has already been taken.');
  if (await usersService.phoneInUse(ctx.db, input.phone_number, 0))
    refuse('phone_number', 'The phone number has already been taken.');
  let referredById: number | null = null;
  if (input.referral_code) {
    const referrer = await usersService.findUserByReferralCode(ctx.db, input.referral_code);
    if (!referrer) refuse('referral_code', 'The referral code is not valid.');
    else referredById = referrer.id;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  const user = await usersService.createUser(ctx.db, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phoneNumber: input.phone_number,
    passwordHash: await hashPassword(input.password),
    referredById,
  });
  return issueToken(ctx, user);
}

/** With two-factor sign-in on, a right password earns only a challenge; `loginWithCode` finishes it. */
export async function login(
  ctx: AppContext,
  input: z.output<typeof loginBody>,
  client: SignInClient,
): Promise<AuthResult | TwoFactorChallenge> {
  const user = await usersService.findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError('unauthorized', LOGIN_FAILED_MESSAGE);
  if (user.status === 'suspended') throw new AppError('forbidden', SUSPENDED_MESSAGE);
  if (await twoFactor.isEnabled(ctx.db, user.id)) return twoFactor.issueChallenge(ctx.db, user.id);
  return issueToken(ctx, user, client);
}

export async function loginWithCode(
  ctx: AppContext,
  input: z.output<typeof twoFactorLoginBody>,
  client: SignInClient,
): Promise<AuthResult> {
  const challenge = await twoFactor.claimChallengeAttempt(ctx.db, input.challenge_token);
  if (!challenge) throw new AppError('unauthorized', TWO_FACTOR_CHALLENGE_EXPIRED);
  const user = await usersService.getUser(ctx.db, challenge.userId);
  if (user.status === 'suspended') throw new AppError('forbidden', SUSPENDED_MESSAGE);
  if (!(await twoFactor.useCodeOrRecovery(ctx.db, user.id, input.code))) {
    throw fieldError('code', TWO_FACTOR_CODE_INVALID);
  }
  if (!(await twoFactor.consumeChallenge(ctx.db, challenge.id))) {
    throw new AppError('unauthorized', TWO_FACTOR_CHALLENGE_EXPIRED);
  }
  return issueToken(ctx, user, client);
}

/** A signed-in password change ends every other session; the one that made the change stays. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  tokenId: number,
  input: z.output<typeof changePasswordBody>,
  request: FastifyRequest,
): Promise<void> {
  if (!(await checkPassword(ctx, user, input.current_password, request))) {
    throw fieldError('current_password', 'The current password is not correct.');
  }
  await requireStrongPassword(input.new_password, 'new_password', [
    user.email,
    user.firstName,
    user.lastName,
    user.phoneNumber,
  ]);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await usersService.setPasswordHash(tx, user.id, passwordHash);
    await tokens.revokeAllTokens(tx, user.id, { except: tokenId });
  });
  await tellOwner(ctx, user, {
    title: 'Your password was changed',
    lines: ['The password of your Ruwa account was changed and every other session was signed out.'],
  });
}

export async function logout(ctx: AppContext, tokenId: number): Promise<void> {
  await tokens.revokeToken(ctx.db, tokenId);
}

/** Why a bearer token that failed `authenticate` stopped working (null when it never did). */
export async function signedOutReason(ctx: AppContext, token: string) {
  if (token.length < 20 || token.length > 200) return null;
  return tokens.signedOutReason(ctx.db, tokens.hashToken(token));
}

/** The signed-in user for a bearer token, or null. Suspended users are treated as signed out. */
export async function authenticate(ctx: AppContext, token: string): Promise<{ user: UserRow; tokenId: number } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const session = await tokens.findLiveSession(ctx.db, tokens.hashToken(token));
  if (!session || session.user.status !== 'active') return null;
  return session;
}

/** Which of these sessions are still live (not signed out, expired or suspended), for long-lived streams. */
export async function liveSessions(ctx: AppContext, tokenIds: number[]): Promise<Set<number>> {
  return tokens.liveTokenIds(ctx.db, tokenIds);
}

/**
 * Always answers the same way. A reset goes only to an address the account proved: the e-mail
 * when it is verified, else a code by SMS to the verified phone, else nowhere (an unproven address
 * may be someone else's, put there by whoever held the session).
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await usersService.findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  if (user.emailVerifiedAt) {
    const { token, hash } = tokens.newOpaqueToken();
    await tokens.insertPasswordReset(ctx.db, user.id, hash, new Date(Date.now() + RESET_TTL_MS));
    const url = `${ctx.publicUrl}/auth/change-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Ruwa password',
      ...actionEmail({
        greeting: `Hello ${user.firstName},`,
        lines: [
          'We received a request to reset the password of your Ruwa account.',
          'The link works once, for 30 minutes.',
        ],
        action: { label: 'Choose a new password', url },
        footer: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      }),
    });
  } else if (usersService.hasVerifiedPhone(user)) {
    const code = newSmsCode();
    await tokens.insertPasswordReset(
      ctx.db,
      user.id,
      resetCodeHash(user.id, code),
      new Date(Date.now() + RESET_TTL_MS),
      'sms',
    );
    await ctx.sms.send({
      to: user.phoneNumber,
      text: `Your Ruwa password reset code is ${code}. It works once, for 30 minutes. Do not share it with anyone.`,
    });
  } else {
    ctx.log.info({ userId: user.id }, 'password reset not sent: no verified e-mail or phone');
  }
}

const resetCodeHash = (userId: number, code: string) => smsCodeHash(`reset:${userId}`, code);

export async function resetPassword(ctx: AppContext, input: z.output<typeof resetBody>): Promise<void> {
  // Checked before the token is used, so a refused password leaves the link working.
  await requireStrongPassword(input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  const before = await ctx.db.transaction(async (tx) => {
    let userId: number | null = null;
    if (input.token) {
      userId = await tokens.consumePasswordReset(tx, tokens.hashToken(input.token));
    } else if (input.email && input.code) {
      const user = await usersService.findUserByEmail(tx, input.email);
      if (user && (await tokens.consumePasswordResetCode(tx, user.id, resetCodeHash(user.id, input.code))))
        userId = user.id;
    }
    if (!userId) throw fieldError(input.token ? 'token' : 'code', RESET_FAILED_MESSAGE);
    const user = await usersService.getUser(tx, userId);
    await usersService.setPasswordHash(tx, userId, passwordHash);
    await tokens.revokeAllTokens(tx, userId);
    // A reset proves only the mailbox or the phone: withdrawals wait, so the owner can stop them.
    await startWithdrawalCooldown(tx, userId, 'password_reset');
    return user;
  });
  await tellOwner(ctx, before, {
    title: 'Your password was reset',
    lines: [
      'The password of your Ruwa account was reset and everyone signed in was signed out.',
      `For the next ${WITHDRAWAL_HOLD_HOURS} hours, every withdrawal from your wallet is held before it is sent, and you can cancel it in the app.`,
    ],
  });
}

/** Revokes every session of a user (password change, suspension). */
export async function revokeSessions(ctx: AppContext, userId: number): Promise<void> {
  await tokens.revokeAllTokens(ctx.db, userId);
}

export async function purgeDeadTokens(ctx: AppContext): Promise<void> {
  await tokens.deleteDeadTokens(ctx.db);
  await twoFactor.deleteDeadChallenges(ctx.db);
  await deleteDeadPhoneCodes(ctx.db);
  await deleteDeadEmailLinks(ctx.db);
}

/** The link that proves a new address: sent at sign-up and after an address change, outside the resend limits. */
export async function sendNewAddressLink(ctx: AppContext, userId: number): Promise<void> {
  const user = await usersService.getUser(ctx.db, userId);
  if (!user.emailVerifiedAt) await sendEmailLink(ctx, user, { limited: false });
}
