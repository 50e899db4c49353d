import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESET_REQUEST_MESSAGE,
  TWO_FACTOR_LOGIN_MESSAGE,
  changePasswordBody,
  contactChangeUndoBody,
  emailVerifyBody,
  isTwoFactorChallenge,
  loginBody,
  phoneCodeBody,
  registerBody,
  resetBody,
  resetRequestBody,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorLoginBody,
  toLocalPhone,
} from '@ruwa/contract';
import {
  authResultReply,
  loginReply,
  twoFactorEnabledReply,
  twoFactorSetupReply,
  twoFactorStatusReply,
  userReply,
  verificationSentReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { afterReply } from '../../lib/http/after-reply';
import { ok } from '../../lib/http/envelope';
import { AppError } from '../../lib/http/errors';
import { created, documentAs, envelope, errorResponses } from '../../lib/http/openapi';
import { currentUser, type Guards } from './guards';
import * as auth from './service';
import * as contactChange from './contact-change';
import * as emailVerification from './email-verification';
import * as phoneVerification from './phone-verification';
import { installPasswordLimits } from './password-check';
import { sessionMemoryOf } from './sessions';
import { signInClientOf } from './sign-in-alerts';
import { hashToken } from './tokens';
import * as twoFactor from './two-factor';

const WINDOW = '1 minute';

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};
// Hashed so the limiter's store (Redis when configured) never holds a usable challenge or link.
const hashedBodyField = (field: string) => (request: FastifyRequest) => {
  const token = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof token === 'string' ? hashToken(token) : null;
};
const challengeOf = hashedBodyField('challenge_token');
const signedInUserOf = (request: FastifyRequest) => (request.user ? String(request.user.id) : null);

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Signed-in requests read their session from memory once the instance hears of every change.
  const sessions = sessionMemoryOf(ctx.db);
  app.addHook('onReady', () => sessions.start(ctx.database));
  app.addHook('preClose', () => sessions.stop());
  const later = afterReply(app, ctx.log);
  installPasswordLimits(app, ctx);
  // Two limits on each credential route: per client address and per account (the e-mail named in the
  // body, the login challenge, or the signed-in user). (@fastify/rate-limit runs one limiter per
  // request, so both are checked here by hand.)
  const limits = (name: string, accountOf: (request: FastifyRequest) => string | null = emailOf) => {
    const perIp = app.createRateLimit({
      max: ctx.config.RATE_LIMIT_AUTH_PER_IP,
      timeWindow: WINDOW,
      keyGenerator: (request: FastifyRequest) => `${name}:ip:${request.ip}`,
    });
    const perEmail = app.createRateLimit({
      max: ctx.config.RATE_LIMIT_AUTH_PER_EMAIL,
      timeWindow: WINDOW,
      keyGenerator: (request: FastifyRequest) => `${name}:account:${accountOf(request) ?? request.ip}`,
    });
    return documentAs(async (request: FastifyRequest) => {
      for (const check of [perIp, perEmail]) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(
            'too_many_requests',
            `Too many attempts. Try again in ${result.ttlInSeconds} seconds.`,
          ).retryAfter(result.ttlInSeconds);
        }
      }
    }, 'rate-limited');
  };

  api.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        response: created(authResultReply),
        body: registerBody,
      },
      preHandler: limits('register'),
    },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body);
      // The account exists whether or not the mail server answers; the profile can send it again.
      later(() => auth.sendNewAddressLink(ctx, result.user.id), 'verification e-mail not sent', {
        userId: result.user.id,
      });
      return reply.code(201).send(ok(result, 'Registration successful. Sign in to continue.'));
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        response: { 200: envelope(loginReply), ...errorResponses(401, 403) },
        body: loginBody,
      },
      preHandler: limits('login'),
    },
    async (request) => {
      const result = await auth.login(ctx, request.body, signInClientOf(request));
      return ok(result, isTwoFactorChallenge(result) ? TWO_FACTOR_LOGIN_MESSAGE : 'Login successful');
    },
  );

  api.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a two-factor sign-in with a code',
        response: { 200: envelope(authResultReply), ...errorResponses(401, 403) },
        body: twoFactorLoginBody,
      },
      preHandler: limits('login-code', challengeOf),
    },
    async (request) => ok(await auth.loginWithCode(ctx, request.body, signInClientOf(request)), 'Login successful'),
  );

  api.post(
    '/auth/password/change',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        response: { 200: envelope(z.null()) },
        body: changePasswordBody,
      },
      onRequest: guards.requireUser,
      preHandler: limits('password-change', signedInUserOf),
    },
    async (request) => {
      await auth.changePassword(ctx, currentUser(request), request.tokenId!, request.body, request);
      return ok(null, 'Your password has been changed. Other devices have been signed out.');
    },
  );

  // Verified accounts: the phone number by a code sent by SMS, the e-mail address by a link.
  const sent = envelope(verificationSentReply).describe(
    'Sent: where, how long it works, and when another may be asked for (seconds).',
  );

  api.post(
    '/auth/phone/send-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Text a 6-digit code that verifies the phone number',
        response: { 200: sent, ...errorResponses(409, 502) },
      },
      onRequest: guards.requireUser,
      preHandler: limits('phone-code', signedInUserOf),
    },
    async (request) => {
      const result = await phoneVerification.sendPhoneCode(ctx, currentUser(request));
      return ok(result, `We sent a 6-digit code to ${toLocalPhone(result.sent_to)}.`);
    },
  );

  api.post(
    '/auth/phone/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the phone number with the code it was sent',
        response: { 200: envelope(userReply), ...errorResponses(409) },
        body: phoneCodeBody,
      },
      onRequest: guards.requireUser,
      preHandler: limits('phone-verify', signedInUserOf),
    },
    async (request) => {
      const row = await phoneVerification.verifyPhoneCode(ctx, currentUser(request), request.body.code);
      return ok(await auth.signedInUser(ctx, row), 'Your phone number is verified.');
    },
  );

  api.post(
    '/auth/email/send-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link that verifies the e-mail address',
        response: { 200: sent, ...errorResponses(409, 502) },
      },
      onRequest: guards.requireUser,
      preHandler: limits('email-link', signedInUserOf),
    },
    async (request) => {
      const result = await emailVerification.sendEmailLink(ctx, currentUser(request), { limited: true });
      return ok(result, `We sent a link to ${result.sent_to}. Open it to confirm your address.`);
    },
  );

  api.post(
    '/auth/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address with its link token',
        response: { 200: envelope(z.null()) },
        body: emailVerifyBody,
      },
      preHandler: limits('email-verify', hashedBodyField('token')),
    },
    async (request) => {
      // One page opens both kinds of link: the one proving the account's address, and the one
      // proving the new address of a change.
      if (await contactChange.confirmEmailChange(ctx, request.body.token))
        return ok(null, 'Your new e-mail address is confirmed. Use it to sign in from now on.');
      await emailVerification.verifyEmail(ctx, request.body.token);
      return ok(null, 'Your e-mail address is verified.');
    },
  );

  api.post(
    '/auth/contact-change/undo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Undo an e-mail or phone change with the link sent to the replaced address',
        response: { 200: envelope(z.null()) },
        body: contactChangeUndoBody,
      },
      preHandler: limits('contact-undo', hashedBodyField('token')),
    },
    async (request) => {
      await contactChange.undoContactChange(ctx, request.body.token);
      return ok(null, 'The change was undone and everyone signed in to your account was signed out.');
    },
  );

  const admin = guards.requireRole('admin');
  // Reachable before two-factor sign-in is set up, where it is required: they are how it is set up.
  const settingUp = guards.requireAdminSettingUpTwoFactor;
  api.get(
    '/auth/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on (admins)',
        response: { 200: envelope(twoFactorStatusReply) },
      },
      onRequest: settingUp,
    },
    async (request) => ok(await twoFactor.status(ctx.db, currentUser(request).id)),
  );

  api.post(
    '/auth/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start setting up two-factor sign-in',
        response: { 200: envelope(twoFactorSetupReply), ...errorResponses(409) },
      },
      onRequest: settingUp,
    },
    async (request) =>
      ok(
        await twoFactor.startSetup(ctx, currentUser(request)),
        'Scan the QR code, then enter the code your app shows.',
      ),
  );

  api.post(
    '/auth/two-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a first code',
        response: { 200: envelope(twoFactorEnabledReply), ...errorResponses(409) },
        body: twoFactorConfirmBody,
      },
      onRequest: settingUp,
      preHandler: limits('two-factor', signedInUserOf),
    },
    async (request) =>
      ok(
        await twoFactor.confirmSetup(ctx, currentUser(request), request.body.code),
        'Two-factor sign-in is on. Keep the recovery codes somewhere safe.',
      ),
  );

  api.post(
    '/auth/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off',
        response: { 200: envelope(z.null()), ...errorResponses(409) },
        body: twoFactorDisableBody,
      },
      onRequest: admin,
      preHandler: limits('two-factor', signedInUserOf),
    },
    async (request) => {
      await twoFactor.disable(ctx, currentUser(request), request.body, request);
      return ok(null, 'Two-factor sign-in is off.');
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out on this device', response: { 200: envelope(z.null()) } },
      onRequest: guards.requireSignedIn,
    },
    async (request) => {
      await auth.logout(ctx, request.tokenId!);
      return ok(null, 'Logged out');
    },
  );

  api.post(
    '/auth/password/request/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        response: { 200: envelope(z.null()) },
        body: resetRequestBody,
      },
      preHandler: limits('reset'),
    },
    async (request) => {
      // The answer and its timing must be the same whether or not the e-mail has an account, so
      // looking it up and sending the link happen after the reply.
      const { email } = request.body;
      later(() => auth.requestPasswordReset(ctx, email), 'password reset e-mail not sent');
      return ok(null, RESET_REQUEST_MESSAGE);
    },
  );

  api.post(
    '/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        response: { 200: envelope(z.null()) },
        body: resetBody,
      },
      preHandler: limits('reset-confirm'),
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return ok(null, 'Your password has been changed. Sign in with the new password.');
    },
  );
}
