import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CURRENT_PASSWORD_NEEDED,
  mailPreferencesBody,
  phoneCodeBody,
  toLocalPhone,
  updateProfileBody,
} from '@ruwa/contract';
import { mailPreferencesReply, userReply } from '@ruwa/contract/replies';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import {
  checkContactChangeMaySend,
  checkPassword,
  confirmPhoneChange,
  signedInUser,
  startEmailChange,
  startPhoneChange,
} from '../auth/service';
import { fieldError } from '../../lib/http/errors';
import * as users from './service';

export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The web stores whatever these answer as its user, so they answer what login does.
  const fullUser = (row: users.UserRow) => signedInUser(ctx, row);

  api.get(
    '/users/me',
    {
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: envelope(userReply) } },
      // Also for an admin who still has to set up two-factor sign-in: the app needs to know who it is.
      onRequest: guards.requireSignedIn,
    },
    async (request) => ok(await fullUser(currentUser(request))),
  );

  api.post(
    '/users/update',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the profile and photo; a new e-mail or phone waits for its proof',
        response: { 200: envelope(userReply), ...errorResponses(429, 502) },
        body: updateProfileBody,
      },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const before = currentUser(request);
      const { email, phone_number: phone, current_password: password } = request.body;
      const emailChanges = email !== before.email.toLowerCase();
      const phoneChanges = phone !== before.phoneNumber;
      // The e-mail and phone are how an account is taken back, so a session alone cannot move them:
      // the password is asked for, and the new address is proven before it replaces the old one.
      if (emailChanges || phoneChanges) {
        if (!password) throw fieldError('current_password', CURRENT_PASSWORD_NEEDED);
        if (!(await checkPassword(ctx, before, password, request)))
          throw fieldError('current_password', 'The current password is not correct.');
        if (emailChanges && (await users.findUserByEmail(ctx.db, email))) {
          throw fieldError('email', 'The email has already been taken.');
        }
        if (phoneChanges && (await users.phoneInUse(ctx.db, phone, before.id))) {
          throw fieldError('phone_number', 'The phone number has already been taken.');
        }
        // A request refused for sending too soon saves nothing, the name and photo included.
        if (emailChanges) await checkContactChangeMaySend(ctx.db, before, 'email', email);
        if (phoneChanges) await checkContactChangeMaySend(ctx.db, before, 'phone', phone);
      }
      const row = await users.updateProfile(ctx, before.id, {
        ...request.body,
        email: before.email,
        phone_number: before.phoneNumber,
      });
      const waiting: string[] = [];
      if (emailChanges) {
        await startEmailChange(ctx, row, email);
        waiting.push(`open the link we sent to ${email} to use it as your e-mail`);
      }
      if (phoneChanges) {
        await startPhoneChange(ctx, row, phone);
        waiting.push(`enter the code we texted to ${toLocalPhone(phone)} to use that number`);
      }
      const message = waiting.length
        ? `Profile has been updated successfully. To finish, ${waiting.join(', and ')}.`
        : 'Profile has been updated successfully';
      return ok(await fullUser(row), message);
    },
  );

  api.post(
    '/users/phone-change/verify',
    {
      schema: {
        tags: ['users'],
        summary: 'Finish a phone number change with the code texted to the new number',
        response: { 200: envelope(userReply), ...errorResponses(429) },
        body: phoneCodeBody,
      },
      onRequest: guards.requireUser,
    },
    async (request) => {
      const row = await confirmPhoneChange(ctx, currentUser(request), request.body.code);
      return ok(await fullUser(row), 'Your new phone number is confirmed.');
    },
  );

  api.get(
    '/users/mail-preferences/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Which receipt e-mails the customer gets',
        response: { 200: envelope(mailPreferencesReply) },
      },
      onRequest: guards.requireUser,
    },
    async (request) => ok(users.mailPreferencesOf(currentUser(request))),
  );

  api.post(
    '/users/mail-preferences/update',
    {
      schema: {
        tags: ['users'],
        summary: 'Turn receipt e-mails for purchases and card deposits on or off',
        description:
          'Mails about withdrawals, refunds and bank transfers in are always sent; this turns off only the receipts for what the customer did on screen.',
        response: { 200: envelope(mailPreferencesReply) },
        body: mailPreferencesBody,
      },
      onRequest: guards.requireUser,
    },
    async (request) =>
      ok(
        await users.updateMailPreferences(ctx.db, currentUser(request).id, request.body),
        request.body.receipt_mails ? 'Receipts by e-mail are on.' : 'Receipts by e-mail are off.',
      ),
  );
}
