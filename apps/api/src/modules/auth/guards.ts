import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { API_ERROR_CODES, SIGNED_OUT_MESSAGES, type Role } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';
import { documentAs } from '../../lib/http/openapi';
import { hasVerifiedPhone, type UserRow } from '../users/service';
import { authenticate, signedOutReason } from './service';

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
  requireUser: onRequestAsyncHookHandler;
  requireRole: (role: Role) => onRequestAsyncHookHandler[];
  /**
   * A signed-in user whose phone number is verified: for whatever lets money leave the app
   * (withdrawals, a bank-transfer account), where a fake account would pay. `action` completes
   * "Verify your phone number to ...".
   */
  requireVerifiedPhone: (action: string) => onRequestAsyncHookHandler[];
};

/** Route guards that read like sentences: `onRequest: guards.requireUser`. */
export function createGuards(ctx: AppContext): Guards {
  const requireUser = documentAs(async function (request: FastifyRequest, _reply: FastifyReply) {
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
  }, 'signed-in');

  const requireRole = (role: Role): onRequestAsyncHookHandler[] => [
    requireUser,
    documentAs(async (request: FastifyRequest) => {
      if (request.user?.role !== role) throw new AppError('forbidden', 'You do not have permission to do this.');
    }, 'restricted'),
  ];

  const requireVerifiedPhone = (action: string): onRequestAsyncHookHandler[] => [
    requireUser,
    documentAs(async (request: FastifyRequest) => {
      if (request.user && hasVerifiedPhone(request.user)) return;
      throw new AppError('forbidden', `Verify your phone number to ${action}.`, undefined, {
        code: API_ERROR_CODES.phoneUnverified,
      });
    }, 'restricted'),
  ];

  return { requireUser, requireRole, requireVerifiedPhone };
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthorized', 'Unauthenticated.');
  return request.user;
}
