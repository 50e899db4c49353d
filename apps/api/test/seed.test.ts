import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariantUrl } from '@ruwa/contract';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoIfEmpty } from '../src/seed/demo';
import { createTestApp, type TestApp } from './helpers/app';
import { call, login } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('seeds an empty database once: demo logins, Lagos areas, four category kinds and priced products', async () => {
    expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
    expect(await seedDemoIfEmpty(t.ctx)).toBe(false);

    const adminToken = await login(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const customerToken = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await call(t, 'GET', '/api/users/me', { token: adminToken })).body.data.role).toBe('admin');

    const locations = await call(t, 'GET', '/api/location/index', { token: customerToken });
    expect(locations.body.data.data.map((l: { name: string }) => l.name).sort()).toEqual([
      'Ikeja',
      'Lekki',
      'Surulere',
      'Victoria Island',
      'Yaba',
    ]);

    const categories = await call(t, 'GET', '/api/product/category/index', {
      token: customerToken,
      query: { enabled: 1 },
    });
    expect(categories.body.data.data.map((c: { kind: string }) => c.kind).sort()).toEqual([
      'airtime_data',
      'bottle_water',
      'gas',
      'sachet_water',
    ]);
    // Seeded pictures go through the upload pipeline (a JPEG fallback plus its WebP copies) but come
    // from the build: none is written to this instance's uploads, and another instance, with a disk of
    // its own, serves every one of them.
    const other = await createTestApp();
    try {
      for (const category of categories.body.data.data) {
        expect(category.image).toMatch(/^\/uploads\/seed\/[a-z-]+-[0-9a-f]{8}-r\.jpg$/);
        for (const url of [category.image, ...IMAGE_WIDTHS.map((width) => imageVariantUrl(category.image, width))]) {
          expect(existsSync(path.join(t.ctx.config.DATA_DIR, url)), url).toBe(false);
          const served = await other.app.inject({ method: 'GET', url });
          expect(served.statusCode, url).toBe(200);
          expect(served.headers['content-type'], url).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
        }
      }
    } finally {
      await other.close();
    }

    const lekki = locations.body.data.data.find((l: { name: string }) => l.name === 'Lekki');
    const sachet = categories.body.data.data.find((c: { kind: string }) => c.kind === 'sachet_water');
    const products = await call(t, 'GET', '/api/location/products/index', {
      token: customerToken,
      query: { location_id: lekki.id, category_id: sachet.id },
    });
    expect(products.body.data.data.length).toBeGreaterThanOrEqual(2);
    expect(products.body.data.data[0]).toMatchObject({ price: 350, water_name: 'Pure Water (bag of 20 sachets)' });

    // Each bottle size shows its own picture, not the category's.
    const bottle = categories.body.data.data.find((c: { kind: string }) => c.kind === 'bottle_water');
    const bottles = await call(t, 'GET', '/api/location/products/index', {
      token: customerToken,
      query: { location_id: lekki.id, category_id: bottle.id },
    });
    const pictures = bottles.body.data.data.map((p: { product_images: string[] }) => p.product_images[0]);
    expect(pictures).toHaveLength(3);
    expect(new Set([...pictures, bottle.image]).size).toBe(4);
  });
});
