import {
  gramsToKg,
  isWaterKind,
  koboToNaira,
  type Category,
  type Location,
  type LocationProduct,
  type CylinderPrice,
  type Product,
} from '@ruwa/contract';
import type * as q from './queries';
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

function toCylinderPrice(row: CylinderRow): CylinderPrice {
  return {
    size_kg: gramsToKg(row.sizeGrams),
    refill_price: koboToNaira(row.refillPriceKobo),
    new_price: row.newPriceKobo === null ? null : koboToNaira(row.newPriceKobo),
  };
}

export function toProduct(
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

export function toLocationProduct(row: q.StorefrontRow, locationId: number, cylinders: CylinderRow[]): LocationProduct {
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
