import type { CategoryKind } from '@ruwa/contract';
import type { TestApp } from './app';
import { call } from './factories';

let n = 0;

/** Catalogue factories through the real admin routes. */
export async function createCategory(
  t: TestApp,
  adminToken: string,
  overrides: { name?: string; kind?: CategoryKind; enabled?: boolean } = {},
) {
  n += 1;
  const res = await call(t, 'POST', '/api/product/category/store', {
    token: adminToken,
    body: { name: `Category ${n}`, kind: 'sachet_water', ...overrides },
  });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string };
}

export async function createLocation(
  t: TestApp,
  adminToken: string,
  overrides: {
    name?: string;
    enabled?: boolean;
    delivery_fee?: number;
    minimum_order?: number;
    delivery_windows?: { name: string; starts: string; ends: string; cutoff: string }[];
  } = {},
) {
  n += 1;
  const res = await call(t, 'POST', '/api/location/store', {
    token: adminToken,
    body: { name: `Area ${n}`, state: 'lagos', country: 'nigeria', ...overrides },
  });
  if (res.status !== 201) throw new Error(`location: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string };
}

export async function createProduct(
  t: TestApp,
  adminToken: string,
  body: {
    product_category: number;
    locations: { id: number; product_location_price?: number | null }[];
    product_price?: number;
    product_name?: string;
    approved?: boolean;
  },
) {
  n += 1;
  const res = await call(t, 'POST', '/api/products/store', {
    token: adminToken,
    body: { product_name: `Product ${n}`, product_price: 500, ...body },
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; product_name: string };
}
