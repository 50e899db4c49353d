import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoleBody } from '@ruwa/contract';
import { customerReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { currentUser, type Guards } from '../auth/guards';
import * as users from '../users/service';
import { changeStaffRole, listStaff } from './staff';

/** The Staff screen: the owners' list of admin accounts and their roles (the owner's alone, STAFF_POLICY). */
export async function registerStaffRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.requireRole('admin') };

  api.get(
    '/admin/staff',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every admin account and its staff role',
        response: { 200: envelope(z.array(customerReply)) },
      },
    },
    async () => ok(await listStaff(ctx.db)),
  );

  api.post(
    '/admin/staff/update-role',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Change an admin's staff role (an owner always remains)",
        body: staffRoleBody,
        response: { 200: envelope(customerReply), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const row = await changeStaffRole(ctx.db, currentUser(request).id, {
        id: request.body.id,
        staffRole: request.body.staff_role,
      });
      return ok({ ...users.toUser(row), status: row.status }, 'The staff role has been changed');
    },
  );
}
