import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import type { Guards } from '../auth/guards';
import * as users from '../users/service';

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/customers',
    {
      schema: { tags: ['admin'], querystring: pageQuery.extend({ search: z.string().trim().max(100).optional() }) },
      onRequest: guards.requireRole('admin'),
    },
    async (request) => {
      const { rows, total } = await users.listCustomers(ctx.db, {
        search: request.query.search || undefined,
        limit: request.query.per_page,
        offset: offsetOf(request.query),
      });
      return ok(toPage(rows.map(users.toUser), total, request.query, request.url));
    },
  );
}
