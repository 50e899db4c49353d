import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { API_ERROR_CODES, SIGNED_OUT_MESSAGES, STAFF_TEXTS, staffMayUse, type Role } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import { documentAs } from '../../lib/http/openapi';
import { hasVerifiedPhone, type UserRow } from '../users/service';
import { authenticate, signedOutReason } from './service';
import * as twoFactor from './two-factor';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser. */
    user: UserRow | null;
    tokenId: number | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export type Guards = {
  /**
   * A signed-in user. Where admins must have two-factor sign-in (ADMIN_TWO_FACTOR=required), an
   * admin without it is refused here (403 two_factor_required), on every route but the few that
   * `requireSignedIn` and `requireAdminSettingUpTwoFactor` guard: an admin session is the keys to
   * every customer's money, and admins also read any order through customer routes.
   */
  requireUser: onRequestAsyncHookHandler;
  /** Signed in, nothing more: what an admin still needs before two-factor is set up (`users/me`, sign-out). */
  requireSignedIn: onRequestAsyncHookHandler;
  requireRole: (role: Role) => onRequestAsyncHookHandler[];
  /** An admin whether or not two-factor sign-in is set up: the routes that set it up. */
  requireAdminSettingUpTwoFactor: onRequestAsyncHookHandler[];
  /**
   * A signed-in user whose phone number is verified: for whatever lets money leave the app
   * (withdrawals, a bank-transfer account), where a fake account would pay, and for learning who
   * holds a bank account (a look-up, saving one), which fake accounts would harvest. `action` completes
   * "Verify your phone number to ...".
   */
  requireVerifiedPhone: (action: string) => onRequestAsyncHookHandler[];
};

const NOT_PERMITTED_MESSAGE = 'You do not have permission to do this.';

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your admin account needs two-factor sign-in. Set it up under Settings, Two-factor sign-in, to continue.';

/** Route guards that read like sentences: `onRequest: guards.requireUser`. */
export function createGuards(ctx: AppContext): Guards {
  async function signIn(request: FastifyRequest) {
    const token = bearerToken(request);
    const session = token ? await authenticate(ctx, token) : null;
    if (!session) {
      // Say why a session that worked has ended, so the login screen can tell the person.
      const reason = token ? await signedOutReason(ctx, token) : null;
      if (reason) throw new AppError('unauthorized', SIGNED_OUT_MESSAGES[reason], undefined, { code: reason });
      throw new AppError('unauthorized', 'Unauthenticated.');
    }
    request.user = session.user;
    request.tokenId = session.tokenId;
  }

  const requireSignedIn = documentAs(async function (request: FastifyRequest, _reply: FastifyReply) {
    await signIn(request);
  }, 'signed-in');

  const twoFactorRequired = ctx.config.ADMIN_TWO_FACTOR === 'required';
  const requireUser = documentAs(
    async function (request: FastifyRequest, _reply: FastifyReply) {
      await signIn(request);
      const user = request.user!;
      if (twoFactorRequired && user.role === 'admin' && !(await twoFactor.isEnabled(ctx.db, user.id))) {
        throw new AppError('forbidden', TWO_FACTOR_REQUIRED_MESSAGE, undefined, {
          code: API_ERROR_CODES.twoFactorRequired,
        });
      }
    },
    // Documented with its 403 only where it can answer one.
    twoFactorRequired ? 'restricted' : 'signed-in',
  );

  // An admin route is also held to the staff policy, here for every admin route at once: a route
  // added later is covered without a line of its own, and closed to all but owners until the
  // policy names it.
  const hasRole = (role: Role) =>
    documentAs(async (request: FastifyRequest) => {
      const user = request.user;
      if (user?.role !== role) throw new AppError('forbidden', NOT_PERMITTED_MESSAGE);
      if (role === 'admin' && !staffMayUse(user.staffRole, request.routeOptions.url ?? request.url)) {
        throw new AppError('forbidden', STAFF_TEXTS.refused, undefined, { code: API_ERROR_CODES.staffRole });
      }
    }, 'restricted');
  const requireRole = (role: Role): onRequestAsyncHookHandler[] => [requireUser, hasRole(role)];

  const requireVerifiedPhone = (action: string): onRequestAsyncHookHandler[] => [
    requireUser,
    documentAs(async (request: FastifyRequest) => {
      if (request.user && hasVerifiedPhone(request.user)) return;
      throw new AppError('forbidden', `Verify your phone number to ${action}.`, undefined, {
        code: API_ERROR_CODES.phoneUnverified,
      });
    }, 'restricted'),
  ];

  return {
    requireUser,
    requireSignedIn,
    requireRole,
    requireAdminSettingUpTwoFactor: [requireSignedIn, hasRole('admin')],
    requireVerifiedPhone,
  };
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthorized', 'Unauthenticated.');
  return request.user;
}
