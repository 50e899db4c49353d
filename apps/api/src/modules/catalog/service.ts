import {
  gramsToKg,
  isWaterKind,
  kgToGrams,
  koboToNaira,
  nairaToKobo,
  type Category,
  type categoryStoreBody,
  type categoryUpdateBody,
  type Location,
  type LocationProduct,
  type locationStoreBody,
  type locationUpdateBody,
  type CylinderPrice,
  type CylinderType,
  type Product,
  type productCylinderInput,
  type productStoreBody,
  type productUpdateBody,
} from '@ruwa/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { decodeImage } from '../../platform/storage/images';
import { audit } from '../audit/service';
import * as q from './queries';
import { findPriceAt, priceMemoryOf } from './prices';
import type { CategoryRow, CylinderRow, LocationRow } from './schema';

// Presenters: rows in, the spec's field names out.

export function toCategory(row: CategoryRow, productsCount = 0): Category {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    image: row.image,
    enabled: row.enabled,
    products_count: productsCount,
  };
}

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    country: row.country,
    enabled: row.enabled,
    delivery_fee: koboToNaira(row.deliveryFeeKobo),
    minimum_order: koboToNaira(row.minimumOrderKobo),
    delivery_windows: row.deliveryWindows,
  };
}

/** The location body's naira amounts as the row's kobo columns; fields left out stay as they are. */
function locationValues(input: Partial<z.output<typeof locationStoreBody>>) {
  const { delivery_fee, minimum_order, delivery_windows, ...rest } = input;
  return {
    ...rest,
    ...(delivery_windows === undefined ? {} : { deliveryWindows: delivery_windows }),
    ...(delivery_fee === undefined ? {} : { deliveryFeeKobo: nairaToKobo(delivery_fee) }),
    ...(minimum_order === undefined ? {} : { minimumOrderKobo: nairaToKobo(minimum_order) }),
  };
}

function toCylinderPrice(row: CylinderRow): CylinderPrice {
  return {
    size_kg: gramsToKg(row.sizeGrams),
    refill_price: koboToNaira(row.refillPriceKobo),
    new_price: row.newPriceKobo === null ? null : koboToNaira(row.newPriceKobo),
  };
}

function toProduct(
  { product, category }: q.ProductWithCategory,
  priced: q.PricedLocation[],
  cylinders: CylinderRow[] = [],
): Product {
  const mine = priced.filter((p) => p.productId === product.id);
  return {
    id: product.id,
    product_name: product.name,
    product_description: product.description,
    product_category: category.name,
    category_id: category.id,
    kind: category.kind,
    product_tags: product.tags,
    product_images: product.images,
    product_price: koboToNaira(product.basePriceKobo),
    approved: product.approved,
    locations: mine.map((p) => ({
      location_id: p.locationId,
      name: p.name,
      product_location_price: p.priceKobo === null ? null : koboToNaira(p.priceKobo),
    })),
    locations_count: mine.length,
    cylinders: cylinders
      .filter((c) => c.productId === product.id)
      .map((c) => ({ location_id: c.locationId, ...toCylinderPrice(c) })),
    created_at: product.createdAt.toISOString(),
  };
}

function toLocationProduct(row: q.StorefrontRow, locationId: number, cylinders: CylinderRow[]): LocationProduct {
  const price = koboToNaira(row.priceKobo);
  return {
    id: row.id,
    product_name: row.name,
    product_description: row.description,
    product_category: row.categoryName,
    category_id: row.categoryId,
    kind: row.kind,
    product_tags: row.tags,
    product_images: row.images,
    product_price: koboToNaira(row.basePriceKobo),
    created_at: row.createdAt.toISOString(),
    pivot: { location_id: locationId, product_location_price: price },
    price,
    cylinders: cylinders.filter((c) => c.productId === row.id).map(toCylinderPrice),
    ...(isWaterKind(row.kind) ? { water_name: row.name } : { distro_name: row.name }),
  };
}

async function savedImage(ctx: AppContext, photos: string[] | undefined, folder: string): Promise<string | undefined> {
  const photo = photos?.[0];
  if (!photo) return undefined;
  const image = await decodeImage(photo, 'base64_photos', { allowed: ['jpg', 'png', 'webp'] });
  return ctx.images.save(image, folder);
}

// Categories

export async function listCategories(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const { rows, total } = await q.listCategories(db, options);
  return { rows: rows.map((r) => toCategory(r.category, r.productsCount)), total };
}

/**
 * A change to the catalogue in one transaction. This instance forgets the prices it keeps once the
 * change is over, so its next order reads the new ones; the others forget them when PostgreSQL tells
 * them (the tables' triggers).
 */
function changeCatalog<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work).finally(priceMemoryOf(ctx.db).forget);
}

export async function createCategory(ctx: AppContext, actorId: number, input: z.output<typeof categoryStoreBody>) {
  const image = await savedImage(ctx, input.base64_photos, 'categories');
  const row = await changeCatalog(ctx, async (tx) => {
    const created = await q.insertCategory(tx, { name: input.name, kind: input.kind, enabled: input.enabled, image });
    await audit(tx, {
      actorId,
      action: 'category.create',
      entity: 'product_categories',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return toCategory(row);
}

export async function updateCategory(ctx: AppContext, actorId: number, input: z.output<typeof categoryUpdateBody>) {
  const image = await savedImage(ctx, input.base64_photos, 'categories');
  const row = await changeCatalog(ctx, async (tx) => {
    const before = await q.findCategory(tx, input.id);
    const updated = await q.updateCategory(tx, input.id, {
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      ...(image ? { image } : {}),
    });
    if (!updated) throw notFound('Category');
    await audit(tx, {
      actorId,
      action: 'category.update',
      entity: 'product_categories',
      entityId: updated.id,
      before,
      after: updated,
    });
    return updated;
  });
  return toCategory(row, await q.countProductsInCategory(ctx.db, row.id));
}

export async function deleteCategory(ctx: AppContext, actorId: number, id: number) {
  const inUse = await q.countProductsInCategory(ctx.db, id);
  if (inUse) {
    throw new AppError(
      'conflict',
      `This category still has ${inUse} product${inUse === 1 ? '' : 's'}. Move or delete them first.`,
    );
  }
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findCategory(tx, id);
    if (!(await q.deleteCategory(tx, id))) throw notFound('Category');
    await audit(tx, { actorId, action: 'category.delete', entity: 'product_categories', entityId: id, before });
  });
}

// Locations

export async function listLocations(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const { rows, total } = await q.listLocations(db, options);
  return { rows: rows.map(toLocation), total };
}

export async function createLocation(ctx: AppContext, actorId: number, input: z.output<typeof locationStoreBody>) {
  const row = await changeCatalog(ctx, async (tx) => {
    const created = await q.insertLocation(tx, {
      ...locationValues(input),
      name: input.name,
      state: input.state,
      country: input.country,
    });
    await audit(tx, { actorId, action: 'location.create', entity: 'locations', entityId: created.id, after: created });
    return created;
  });
  return toLocation(row);
}

export async function updateLocation(ctx: AppContext, actorId: number, input: z.output<typeof locationUpdateBody>) {
  const { id, ...values } = input;
  const row = await changeCatalog(ctx, async (tx) => {
    const before = await q.findLocation(tx, id);
    const updated = await q.updateLocation(tx, id, locationValues(values));
    if (!updated) throw notFound('Location');
    await audit(tx, { actorId, action: 'location.update', entity: 'locations', entityId: id, before, after: updated });
    return updated;
  });
  return toLocation(row);
}

export async function deleteLocation(ctx: AppContext, actorId: number, id: number) {
  const inUse = await q.countProductsAtLocation(ctx.db, id);
  if (inUse) {
    throw new AppError(
      'conflict',
      `${inUse} product${inUse === 1 ? ' is' : 's are'} still priced at this location. Remove the prices first.`,
    );
  }
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findLocation(tx, id);
    if (!(await q.deleteLocation(tx, id))) throw notFound('Location');
    await audit(tx, { actorId, action: 'location.delete', entity: 'locations', entityId: id, before });
  });
}

// Products

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

export async function deleteProduct(ctx: AppContext, actorId: number, id: number) {
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findProduct(tx, id);
    if (!(await q.deleteProduct(tx, id))) throw notFound('Product');
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

/**
 * The server's price for buying `quantity` of a product at a location, in kobo. Checkout (orders)
 * calls this; it never trusts a client's amount.
 */
export async function quote(
  db: DbOrTx,
  productId: number,
  locationId: number,
  quantity: number,
  cylinder: { sizeKg?: number; type?: CylinderType } = {},
) {
  const row = await findPriceAt(db, productId, locationId);
  if (!row || !row.product.approved || !row.category.enabled || !row.location.enabled) {
    throw fieldError('product_id', 'This product is not available at the chosen location.');
  }
  const sized = await cylinderPrice(db, row.category.kind, productId, locationId, cylinder);
  const unitKobo = sized?.unitKobo ?? row.priceKobo;
  return {
    unitKobo,
    totalKobo: unitKobo * quantity,
    product: row.product,
    category: row.category,
    location: row.location,
    /** Set when gas is bought by cylinder: `quantity` counts cylinders of this size. */
    cylinder: sized ? { sizeGrams: sized.sizeGrams, type: sized.type } : null,
  };
}

/**
 * A cylinder's price when the product is gas sold by cylinder at this location (the size is then
 * required); null when it is sold by the kg there (a size is then refused).
 */
async function cylinderPrice(
  db: DbOrTx,
  kind: CategoryRow['kind'],
  productId: number,
  locationId: number,
  wanted: { sizeKg?: number; type?: CylinderType },
) {
  const offered = kind === 'gas' ? await q.cylindersOf(db, [productId], locationId) : [];
  if (!offered.length) {
    if (wanted.sizeKg !== undefined)
      throw fieldError('cylinder_size_kg', 'This product is not sold by cylinder size here.');
    return null;
  }
  const sizes = offered.map((c) => `${gramsToKg(c.sizeGrams)} kg`).join(', ');
  if (wanted.sizeKg === undefined) throw fieldError('cylinder_size_kg', `Choose a cylinder size: ${sizes}.`);
  const size = offered.find((c) => c.sizeGrams === kgToGrams(wanted.sizeKg!));
  if (!size) throw fieldError('cylinder_size_kg', `This cylinder size is not sold here. Choose ${sizes}.`);
  const type = wanted.type ?? 'refill';
  if (type === 'new' && size.newPriceKobo === null)
    throw fieldError('cylinder_type', `New ${wanted.sizeKg} kg cylinders are not sold here; choose a refill.`);
  return { sizeGrams: size.sizeGrams, type, unitKobo: type === 'new' ? size.newPriceKobo! : size.refillPriceKobo };
}

/** Location names by id, for other modules' listings. */
export async function locationNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await q.findLocations(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
