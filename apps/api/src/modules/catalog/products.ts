import {
  API_ERROR_CODES,
  gramsToKg,
  kgToGrams,
  koboToNaira,
  nairaToKobo,
  type Product,
  type productCylinderInput,
  type productStoreBody,
  type productUpdateBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { isStillReferenced } from '../../lib/http/error-handler';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { changeCatalog, savedImage } from './changes';
import { toLocationProduct, toProduct } from './presenters';
import * as q from './queries';
import type { CategoryRow, CylinderRow } from './schema';

type PriceInput = { id: number; product_location_price: number | null };

/** Checks every location exists and is listed once; answers rows for the price table. */
async function locationPrices(db: DbOrTx, field: string, prices: PriceInput[]) {
  const ids = prices.map((p) => p.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw fieldError(field, 'Each location can only be listed once.');
  const known = new Set((await q.findLocations(db, ids)).map((l) => l.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw fieldError(field, `Location ${missing} does not exist.`);
  return prices.map((p) => ({
    locationId: p.id,
    priceKobo: p.product_location_price === null ? null : nairaToKobo(p.product_location_price),
  }));
}

const priceNaira = (c: CylinderRow) => ({
  refill_price: koboToNaira(c.refillPriceKobo),
  new_price: c.newPriceKobo === null ? null : koboToNaira(c.newPriceKobo),
});

/**
 * Checks a gas product's cylinder prices: gas only, at locations the product is sold at, each size
 * once per location. Answers the rows to store.
 */
function cylinderRows(
  kind: CategoryRow['kind'],
  soldAt: { locationId: number }[],
  cylinders: z.output<typeof productCylinderInput>[] | undefined,
): Omit<CylinderRow, 'productId'>[] {
  if (!cylinders?.length) return [];
  if (kind !== 'gas') throw fieldError('cylinders', 'Only gas products are sold by cylinder size.');
  const seen = new Set<string>();
  return cylinders.map((c) => {
    if (!soldAt.some((p) => p.locationId === c.location_id))
      throw fieldError('cylinders', `Add location ${c.location_id} to the product before pricing cylinders there.`);
    const sizeGrams = kgToGrams(c.size_kg);
    const key = `${c.location_id}:${sizeGrams}`;
    if (seen.has(key)) throw fieldError('cylinders', `The ${c.size_kg} kg size is listed twice for one location.`);
    seen.add(key);
    return {
      locationId: c.location_id,
      sizeGrams,
      refillPriceKobo: nairaToKobo(c.refill_price),
      newPriceKobo: c.new_price === null ? null : nairaToKobo(c.new_price),
    };
  });
}

async function requireCategory(db: DbOrTx, id: number) {
  const category = await q.findCategory(db, id);
  if (!category) throw fieldError('product_category', 'The selected product category is invalid.');
  return category;
}

export async function listProducts(db: DbOrTx, options: Paging & { search?: string; categoryId?: number }) {
  const { rows, total } = await q.listProducts(db, options);
  const ids = rows.map((r) => r.product.id);
  const [priced, cylinders] = await Promise.all([q.pricedLocationsOf(db, ids), q.cylindersOf(db, ids)]);
  return { rows: rows.map((r) => toProduct(r, priced, cylinders)), total };
}

export async function getProduct(db: DbOrTx, id: number, options: { includeHidden: boolean }): Promise<Product> {
  const row = await q.findProduct(db, id);
  if (!row || (!options.includeHidden && (!row.product.approved || !row.category.enabled))) throw notFound('Product');
  const [priced, cylinders] = await Promise.all([q.pricedLocationsOf(db, [id]), q.cylindersOf(db, [id])]);
  return toProduct(row, priced, cylinders);
}

export async function createProduct(ctx: AppContext, actorId: number, input: z.output<typeof productStoreBody>) {
  const category = await requireCategory(ctx.db, input.product_category);
  const prices = await locationPrices(ctx.db, 'locations', input.locations);
  const cylinders = cylinderRows(category.kind, prices, input.cylinders);
  const image = await savedImage(ctx, input.base64_photos, 'products');
  return changeCatalog(ctx, async (tx) => {
    const row = await q.insertProduct(tx, {
      categoryId: input.product_category,
      name: input.product_name,
      description: input.product_description,
      tags: input.product_tags ?? [],
      images: image ? [image] : [],
      basePriceKobo: nairaToKobo(input.product_price),
      approved: input.approved,
    });
    await q.replaceProductLocations(tx, row.id, prices);
    await q.replaceProductCylinders(tx, row.id, cylinders);
    const created = await getProduct(tx, row.id, { includeHidden: true });
    await audit(tx, { actorId, action: 'product.create', entity: 'products', entityId: row.id, after: created });
    return created;
  });
}

export async function updateProduct(ctx: AppContext, actorId: number, input: z.output<typeof productUpdateBody>) {
  const existing = await q.findProduct(ctx.db, input.id);
  if (!existing) throw notFound('Product');
  const category =
    input.product_category !== undefined ? await requireCategory(ctx.db, input.product_category) : existing.category;

  let prices: Awaited<ReturnType<typeof locationPrices>> | undefined;
  if (input.locations !== undefined || input.new_locations !== undefined) {
    const kept =
      input.locations ??
      (await q.pricedLocationsOf(ctx.db, [input.id])).map((p) => ({
        id: p.locationId,
        product_location_price: p.priceKobo === null ? null : koboToNaira(p.priceKobo),
      }));
    prices = await locationPrices(ctx.db, input.new_locations?.length ? 'new_locations' : 'locations', [
      ...kept,
      ...(input.new_locations ?? []),
    ]);
  }
  // Cylinders are checked against the locations the product will be sold at; when the locations change
  // and the cylinders are not given, those at locations no longer listed go.
  let cylinders: Omit<CylinderRow, 'productId'>[] | undefined;
  if (input.cylinders !== undefined || prices) {
    const soldAt =
      prices ??
      (await q.pricedLocationsOf(ctx.db, [input.id])).map((p) => ({
        locationId: p.locationId,
        priceKobo: p.priceKobo,
      }));
    const given =
      input.cylinders ??
      (await q.cylindersOf(ctx.db, [input.id]))
        .filter((c) => soldAt.some((p) => p.locationId === c.locationId))
        .map((c) => ({ location_id: c.locationId, size_kg: gramsToKg(c.sizeGrams), ...priceNaira(c) }));
    cylinders = cylinderRows(category.kind, soldAt, given);
  }
  const image = await savedImage(ctx, input.base64_photos, 'products');

  return changeCatalog(ctx, async (tx) => {
    const before = await getProduct(tx, input.id, { includeHidden: true });
    await q.updateProduct(tx, input.id, {
      categoryId: input.product_category,
      name: input.product_name,
      description: input.product_description,
      tags: input.product_tags,
      basePriceKobo: input.product_price === undefined ? undefined : nairaToKobo(input.product_price),
      approved: input.approved,
      ...(image ? { images: [image] } : {}),
    });
    if (prices) await q.replaceProductLocations(tx, input.id, prices);
    if (cylinders) await q.replaceProductCylinders(tx, input.id, cylinders);
    const after = await getProduct(tx, input.id, { includeHidden: true });
    await audit(tx, { actorId, action: 'product.update', entity: 'products', entityId: input.id, before, after });
    return after;
  });
}

/** Said when a product with orders is deleted: its orders keep naming it, so it can only stop selling. */
export const PRODUCT_IN_USE =
  'This product has orders or subscriptions, so it cannot be deleted. Disable it instead: customers stop seeing it and its orders keep their history.';
const DISABLED_PRODUCT_IN_USE =
  'This product has orders or subscriptions, so it cannot be deleted. It is disabled already: customers do not see it.';

export async function deleteProduct(ctx: AppContext, actorId: number, id: number) {
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findProduct(tx, id);
    const deleted = await q.deleteProduct(tx, id).catch((error: unknown) => {
      if (isStillReferenced(error))
        throw new AppError(
          'conflict',
          before?.product.approved === false ? DISABLED_PRODUCT_IN_USE : PRODUCT_IN_USE,
          undefined,
          {
            code: API_ERROR_CODES.productInUse,
          },
        );
      throw error;
    });
    if (!deleted) throw notFound('Product');
    await audit(tx, { actorId, action: 'product.delete', entity: 'products', entityId: id, before });
  });
}

export async function listProductsAtLocation(
  db: DbOrTx,
  options: Paging & { locationId: number; categoryId?: number },
) {
  const { rows, total } = await q.listProductsAtLocation(db, options);
  const gas = rows.filter((row) => row.kind === 'gas').map((row) => row.id);
  const cylinders = await q.cylindersOf(db, gas, options.locationId);
  return { rows: rows.map((row) => toLocationProduct(row, options.locationId, cylinders)), total };
}
