import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryStoreBody,
  categoryUpdateBody,
  flagFilter,
  idField,
  locationStoreBody,
  locationUpdateBody,
  productStoreBody,
  productUpdateBody,
} from '@ruwa/contract';
import { categoryReply, locationProductReply, locationReply, pageOf, productReply } from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { created, envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import * as catalog from './service';
import { priceMemoryOf } from './prices';

const idBody = z.object({ id: idField() });
const optionalId = (label: string) =>
  z
    .union([z.literal(''), idField(label)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export async function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  const admin = { onRequest: guards.requireRole('admin') };
  const paging = (query: z.infer<typeof pageQuery>) => ({ limit: query.per_page, offset: offsetOf(query) });
  // Orders read prices from this instance's memory once it hears of every catalogue change.
  const prices = priceMemoryOf(ctx.db);
  app.addHook('onReady', () => prices.start(ctx.database));
  app.addHook('preClose', () => prices.stop());

  // Categories
  api.get(
    '/product/category/index',
    {
      ...user,
      schema: {
        tags: ['catalog'],
        summary: 'List product categories',
        response: { 200: envelope(pageOf(categoryReply)) },
        querystring: pageQuery.extend({ enabled: flagFilter, properties: flagFilter }),
      },
    },
    async (request) => {
      const { rows, total } = await catalog.listCategories(ctx.db, {
        ...paging(request.query),
        enabled: request.query.enabled,
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
  api.post(
    '/product/category/store',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Create a product category',
        response: created(categoryReply),
        body: categoryStoreBody,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await catalog.createCategory(ctx, currentUser(request).id, request.body),
            'Category has been created successfully',
          ),
        ),
  );
  api.post(
    '/product/category/update',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Update a product category',
        response: { 200: envelope(categoryReply), ...errorResponses(404) },
        body: categoryUpdateBody,
      },
    },
    async (request) =>
      ok(
        await catalog.updateCategory(ctx, currentUser(request).id, request.body),
        'Category has been updated successfully',
      ),
  );
  api.post(
    '/product/category/delete',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product category',
        response: { 200: envelope(z.null()), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) => {
      await catalog.deleteCategory(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'Category has been deleted successfully');
    },
  );

  // Locations
  api.get(
    '/location/index',
    {
      ...user,
      schema: {
        tags: ['catalog'],
        summary: 'List locations',
        response: { 200: envelope(pageOf(locationReply)) },
        querystring: pageQuery.extend({ enabled: flagFilter, properties: flagFilter }),
      },
    },
    async (request) => {
      const { rows, total } = await catalog.listLocations(ctx.db, {
        ...paging(request.query),
        enabled: request.query.enabled,
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
  api.post(
    '/location/store',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Create a location',
        response: created(locationReply),
        body: locationStoreBody,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await catalog.createLocation(ctx, currentUser(request).id, request.body),
            'Location has been created successfully',
          ),
        ),
  );
  api.post(
    '/location/update',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Update a location',
        response: { 200: envelope(locationReply), ...errorResponses(404) },
        body: locationUpdateBody,
      },
    },
    async (request) =>
      ok(
        await catalog.updateLocation(ctx, currentUser(request).id, request.body),
        'Location has been updated successfully',
      ),
  );
  api.post(
    '/location/delete',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a location',
        response: { 200: envelope(z.null()), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) => {
      await catalog.deleteLocation(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'Location has been deleted successfully');
    },
  );

  // Products
  api.get(
    '/products/index',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'List products (admins)',
        response: { 200: envelope(pageOf(productReply)) },
        querystring: pageQuery.extend({
          properties: flagFilter,
          search: z.string().trim().max(100).optional(),
          category_id: optionalId('category'),
        }),
      },
    },
    async (request) => {
      const { rows, total } = await catalog.listProducts(ctx.db, {
        ...paging(request.query),
        search: request.query.search || undefined,
        categoryId: request.query.category_id,
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
  api.get(
    '/products/show',
    {
      ...user,
      schema: {
        tags: ['catalog'],
        summary: 'One product',
        response: { 200: envelope(productReply), ...errorResponses(404) },
        querystring: idBody,
      },
    },
    async (request) =>
      ok(await catalog.getProduct(ctx.db, request.query.id, { includeHidden: request.user?.role === 'admin' })),
  );
  api.post(
    '/products/store',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Create a product with its location prices',
        response: created(productReply),
        body: productStoreBody,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await catalog.createProduct(ctx, currentUser(request).id, request.body),
            'Product has been created successfully',
          ),
        ),
  );
  api.post(
    '/products/update',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Update a product',
        response: { 200: envelope(productReply), ...errorResponses(404) },
        body: productUpdateBody,
      },
    },
    async (request) =>
      ok(
        await catalog.updateProduct(ctx, currentUser(request).id, request.body),
        'Product has been updated successfully',
      ),
  );
  api.post(
    '/products/delete',
    {
      ...admin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product',
        response: { 200: envelope(z.null()), ...errorResponses(404, 409) },
        body: idBody,
      },
    },
    async (request) => {
      await catalog.deleteProduct(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'Product has been deleted successfully');
    },
  );

  // What a customer can buy where they are.
  api.get(
    '/location/products/index',
    {
      ...user,
      schema: {
        tags: ['catalog'],
        summary: 'Products sold at a location, at its prices',
        response: { 200: envelope(pageOf(locationProductReply)) },
        querystring: pageQuery.extend({ location_id: idField('location'), category_id: optionalId('category') }),
      },
    },
    async (request) => {
      const { rows, total } = await catalog.listProductsAtLocation(ctx.db, {
        ...paging(request.query),
        locationId: request.query.location_id,
        categoryId: request.query.category_id,
      });
      return ok(toPage(rows, total, request.query, request.url));
    },
  );
}
