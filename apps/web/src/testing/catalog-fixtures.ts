import type { Category, Location, LocationProduct, Page, Product } from '@ruwa/contract';

/** A one-page (or given-page) Laravel-shaped answer around `rows`. */
export function pageOf<T>(rows: T[], { current = 1, last = 1, perPage = 15, path = '/api/list' } = {}): Page<T> {
  return {
    current_page: current,
    last_page: last,
    per_page: perPage,
    total: last === 1 ? rows.length : last * perPage,
    prev_page_url: current > 1 ? `${path}?page=${current - 1}` : null,
    next_page_url: current < last ? `${path}?page=${current + 1}` : null,
    data: rows,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 1,
    name: 'Sachet Water',
    kind: 'sachet_water',
    image: '/uploads/categories/sachet.png',
    enabled: true,
    products_count: 2,
    ...overrides,
  };
}

export const demoCategories: Category[] = [
  makeCategory(),
  makeCategory({ id: 2, name: 'Bottle Water', kind: 'bottle_water', image: '/uploads/categories/bottle.png' }),
  makeCategory({ id: 3, name: 'Cooking Gas', kind: 'gas', image: '/uploads/categories/gas.png' }),
  makeCategory({ id: 4, name: 'Airtime and Data', kind: 'airtime_data', image: '/uploads/categories/vtu.png' }),
];

export function makeLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: 1,
    name: 'Lekki',
    state: 'lagos',
    country: 'nigeria',
    enabled: true,
    delivery_fee: 0,
    minimum_order: 0,
    delivery_windows: [],
    ...overrides,
  };
}

export const demoLocations: Location[] = [
  makeLocation(),
  makeLocation({ id: 2, name: 'Ikeja' }),
  makeLocation({ id: 3, name: 'Yaba' }),
];

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 10,
    product_name: 'Pure Life Sachet (20 pieces)',
    product_description: 'A bag of 20 cold sachets.',
    product_category: 'Sachet Water',
    category_id: 1,
    kind: 'sachet_water',
    product_tags: ['water', 'sachet'],
    product_images: ['/uploads/products/sachet.png'],
    product_price: 300,
    approved: true,
    locations: [
      { location_id: 1, name: 'Lekki', product_location_price: 350 },
      { location_id: 2, name: 'Ikeja', product_location_price: null },
    ],
    locations_count: 2,
    cylinders: [],
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** The admin's gas product: sold by the kg, or by cylinder size where it has cylinder prices. */
export function makeGasProduct(overrides: Partial<Product> = {}): Product {
  return makeProduct({
    id: 11,
    product_name: 'Gas refill (per kg)',
    product_category: 'Cooking Gas',
    category_id: 3,
    kind: 'gas',
    product_price: 1100,
    ...overrides,
  });
}

export function makeLocationProduct(overrides: Partial<LocationProduct> = {}): LocationProduct {
  const price = overrides.price ?? 350;
  return {
    id: 10,
    product_name: 'Pure Life Sachet (20 pieces)',
    product_description: 'A bag of 20 cold sachets.',
    product_category: 'Sachet Water',
    category_id: 1,
    kind: 'sachet_water',
    product_tags: ['water'],
    product_images: ['/uploads/products/sachet.png'],
    product_price: 300,
    created_at: '2026-01-15T10:00:00.000Z',
    pivot: { location_id: 1, product_location_price: price },
    price,
    cylinders: [],
    water_name: 'Pure Life Sachet (20 pieces)',
    ...overrides,
  };
}
