import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { counted, pagedSelect, type Paging } from '../../db/paged';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  locations,
  productCategories,
  productCylinders,
  productLocations,
  products,
  type CylinderRow,
  type CategoryRow,
  type LocationRow,
  type ProductRow,
} from './schema';

// Categories

export async function listCategories(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const where = options.enabled ? eq(productCategories.enabled, true) : undefined;
  const productsCount = db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .groupBy(products.categoryId)
    .as('pc');
  return counted(
    db
      .select({ category: productCategories, productsCount: sql<number>`coalesce(${productsCount.n}, 0)::int` })
      .from(productCategories)
      .leftJoin(productsCount, eq(productsCount.categoryId, productCategories.id))
      .where(where)
      .orderBy(asc(productCategories.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(productCategories).where(where),
  );
}

export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | null> {
  const [row] = await db.select().from(productCategories).where(eq(productCategories.id, id)).limit(1);
  return row ?? null;
}

export async function insertCategory(db: DbOrTx, values: typeof productCategories.$inferInsert) {
  const [row] = await db.insert(productCategories).values(values).returning();
  return row!;
}

export async function updateCategory(db: DbOrTx, id: number, values: Partial<typeof productCategories.$inferInsert>) {
  const [row] = await db
    .update(productCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(productCategories.id, id))
    .returning();
  return row ?? null;
}

export async function deleteCategory(db: DbOrTx, id: number) {
  const rows = await db
    .delete(productCategories)
    .where(eq(productCategories.id, id))
    .returning({ id: productCategories.id });
  return rows.length > 0;
}

export async function countProductsInCategory(db: DbOrTx, categoryId: number) {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId));
  return row?.n ?? 0;
}

// Locations

export async function listLocations(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const where = options.enabled ? eq(locations.enabled, true) : undefined;
  return pagedSelect(db, locations, {
    where,
    orderBy: [asc(locations.name), asc(locations.id)],
    limit: options.limit,
    offset: options.offset,
  });
}

export async function findLocation(db: DbOrTx, id: number): Promise<LocationRow | null> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row ?? null;
}

/** One statement for any number of ids (an `in` list would be new SQL for each count). */
const locationsById = preparedStatement((db) =>
  db
    .select()
    .from(locations)
    .where(sql`${locations.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('locations_by_id'),
);

export async function findLocations(db: DbOrTx, ids: number[]): Promise<LocationRow[]> {
  if (!ids.length) return [];
  return locationsById(db).execute({ ids });
}

export async function insertLocation(db: DbOrTx, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning();
  return row!;
}

export async function updateLocation(db: DbOrTx, id: number, values: Partial<typeof locations.$inferInsert>) {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(locations.id, id))
    .returning();
  return row ?? null;
}

export async function deleteLocation(db: DbOrTx, id: number) {
  const rows = await db.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
  return rows.length > 0;
}

export async function countProductsAtLocation(db: DbOrTx, locationId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(productLocations)
    .where(eq(productLocations.locationId, locationId));
  return row?.n ?? 0;
}

// Products

export type ProductWithCategory = { product: ProductRow; category: CategoryRow };
export type PricedLocation = { productId: number; locationId: number; name: string; priceKobo: number | null };

export async function listProducts(db: DbOrTx, options: Paging & { search?: string; categoryId?: number }) {
  const conditions: SQL[] = [];
  if (options.categoryId) conditions.push(eq(products.categoryId, options.categoryId));
  if (options.search) conditions.push(ilike(products.name, `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  return counted<ProductWithCategory>(
    db
      .select({ product: products, category: productCategories })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(products).where(where),
  );
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductWithCategory | null> {
  const [row] = await db
    .select({ product: products, category: productCategories })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

export async function pricedLocationsOf(db: DbOrTx, productIds: number[]): Promise<PricedLocation[]> {
  if (!productIds.length) return [];
  return db
    .select({
      productId: productLocations.productId,
      locationId: productLocations.locationId,
      name: locations.name,
      priceKobo: productLocations.priceKobo,
    })
    .from(productLocations)
    .innerJoin(locations, eq(locations.id, productLocations.locationId))
    .where(inArray(productLocations.productId, productIds))
    .orderBy(asc(locations.name));
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(db: DbOrTx, id: number, values: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ?? null;
}

export async function deleteProduct(db: DbOrTx, id: number) {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/** Replaces a product's location prices with exactly the given set. */
export async function replaceProductLocations(
  db: DbOrTx,
  productId: number,
  prices: { locationId: number; priceKobo: number | null }[],
) {
  await db.delete(productLocations).where(eq(productLocations.productId, productId));
  if (prices.length) {
    await db
      .insert(productLocations)
      .values(prices.map((p) => ({ productId, locationId: p.locationId, priceKobo: p.priceKobo })));
  }
}

/** The location's price when set, else the product's base price. */
const effectivePrice = sql<number>`coalesce(${productLocations.priceKobo}, ${products.basePriceKobo})`.mapWith(Number);

/** What a storefront card shows: only these columns, flat, so each of the 50-odd rows maps cheaply. */
const storefrontColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  tags: products.tags,
  images: products.images,
  basePriceKobo: products.basePriceKobo,
  createdAt: products.createdAt,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  kind: productCategories.kind,
  priceKobo: effectivePrice,
};

/** The storefront read: built once per database in two shapes, with and without a category. */
function productsAtLocation(withCategory: boolean) {
  return preparedStatement((db) => {
    const where = and(
      eq(productLocations.locationId, sql.placeholder('locationId')),
      eq(products.approved, true),
      eq(productCategories.enabled, true),
      eq(locations.enabled, true),
      withCategory ? eq(products.categoryId, sql.placeholder('categoryId')) : undefined,
    );
    const name = withCategory ? 'products_at_location_in_category' : 'products_at_location';
    return {
      rows: db
        .select(storefrontColumns)
        .from(productLocations)
        .innerJoin(products, eq(products.id, productLocations.productId))
        .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
        .innerJoin(locations, eq(locations.id, productLocations.locationId))
        .where(where)
        .orderBy(asc(effectivePrice), asc(products.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: db
        .select({ total: count() })
        .from(productLocations)
        .innerJoin(products, eq(products.id, productLocations.productId))
        .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
        .innerJoin(locations, eq(locations.id, productLocations.locationId))
        .where(where)
        .prepare(`${name}_count`),
    };
  });
}
const atLocation = productsAtLocation(false);
const atLocationInCategory = productsAtLocation(true);

/** What a customer can buy at a location: approved products of enabled categories priced there. */
export async function listProductsAtLocation(
  db: DbOrTx,
  options: Paging & { locationId: number; categoryId?: number },
) {
  const statements = (options.categoryId ? atLocationInCategory : atLocation)(db);
  const values = {
    locationId: options.locationId,
    categoryId: options.categoryId,
    limit: options.limit,
    offset: options.offset,
  };
  return counted(statements.rows.execute(values), statements.count.execute(values));
}

export type StorefrontRow = Awaited<ReturnType<typeof listProductsAtLocation>>['rows'][number];

/** The price of one product at one location, for checkout: null when it is not sold there. */
// Every order's price check (wallet and card): built once per database like the storefront read.
const priceAt = preparedStatement((db) =>
  db
    .select({ product: products, category: productCategories, priceKobo: effectivePrice, location: locations })
    .from(productLocations)
    .innerJoin(products, eq(products.id, productLocations.productId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(locations, eq(locations.id, productLocations.locationId))
    .where(
      and(
        eq(productLocations.productId, sql.placeholder('productId')),
        eq(productLocations.locationId, sql.placeholder('locationId')),
      ),
    )
    .limit(1)
    .prepare('price_at'),
);

export async function findPriceAt(db: DbOrTx, productId: number, locationId: number) {
  const [row] = await priceAt(db).execute({ productId, locationId });
  return row ?? null;
}

// Gas cylinders

/** The cylinder prices of products, at every location or one, smallest size first. */
export async function cylindersOf(db: DbOrTx, productIds: number[], locationId?: number): Promise<CylinderRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(productCylinders)
    .where(
      and(
        inArray(productCylinders.productId, productIds),
        locationId === undefined ? undefined : eq(productCylinders.locationId, locationId),
      ),
    )
    .orderBy(asc(productCylinders.locationId), asc(productCylinders.sizeGrams));
}

/** Replaces a product's cylinder prices with exactly the given set. */
export async function replaceProductCylinders(db: DbOrTx, productId: number, rows: Omit<CylinderRow, 'productId'>[]) {
  await db.delete(productCylinders).where(eq(productCylinders.productId, productId));
  if (rows.length) await db.insert(productCylinders).values(rows.map((row) => ({ ...row, productId })));
}
