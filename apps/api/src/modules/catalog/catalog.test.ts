import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { dataUrl, tinyPng } from '../../../test/helpers/images';
import { credit } from '../wallet/service';
import { PRODUCT_IN_USE, quote } from './service';

let t: TestApp;
let admin: Actor;
let customer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  customer = await createUser(t);
});
afterAll(() => t.close());

describe('access', () => {
  it.each([
    ['POST', '/api/product/category/store'],
    ['POST', '/api/product/category/update'],
    ['POST', '/api/product/category/delete'],
    ['POST', '/api/location/store'],
    ['POST', '/api/location/update'],
    ['POST', '/api/location/delete'],
    ['GET', '/api/products/index'],
    ['POST', '/api/products/store'],
    ['POST', '/api/products/update'],
    ['POST', '/api/products/delete'],
  ] as const)('%s %s is for admins (401 anonymous, 403 customer)', async (method, url) => {
    expect((await call(t, method, url, { body: method === 'POST' ? {} : undefined })).status).toBe(401);
    expect(
      (await call(t, method, url, { token: customer.token, body: method === 'POST' ? {} : undefined })).status,
    ).toBe(403);
  });

  it.each([
    '/api/product/category/index',
    '/api/location/index',
    '/api/location/products/index?location_id=1',
    '/api/products/show?id=1',
  ])('GET %s needs a signed-in user', async (url) => {
    expect((await call(t, 'GET', url)).status).toBe(401);
  });
});

describe('categories', () => {
  it('creates with an image, lists with the enabled filter, updates and deletes', async () => {
    const created = await call(t, 'POST', '/api/product/category/store', {
      token: admin.token,
      body: { name: 'Sachet Water', kind: 'sachet_water', base64_photos: [dataUrl(tinyPng())] },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Category has been created successfully');
    expect(created.body.data).toMatchObject({
      name: 'Sachet Water',
      kind: 'sachet_water',
      enabled: true,
      products_count: 0,
    });
    expect(created.body.data.image).toMatch(/^\/uploads\/categories\/[0-9a-f]{24}-r\.jpg$/);

    const hidden = await createCategory(t, admin.token, { name: 'Hidden', enabled: false });
    const all = await call(t, 'GET', '/api/product/category/index', {
      token: customer.token,
      query: { per_page: 100 },
    });
    const enabled = await call(t, 'GET', '/api/product/category/index', {
      token: customer.token,
      query: { enabled: 1, per_page: 100 },
    });
    const ignored = await call(t, 'GET', '/api/product/category/index', {
      token: customer.token,
      query: { enabled: 0, per_page: 100 },
    });
    const ids = (res: typeof all) => res.body.data.data.map((c: { id: number }) => c.id);
    expect(ids(all)).toContain(hidden.id);
    expect(ids(enabled)).not.toContain(hidden.id);
    expect(ids(ignored)).toEqual(ids(all));

    const updated = await call(t, 'POST', '/api/product/category/update', {
      token: admin.token,
      body: { id: hidden.id, name: 'Now Visible', enabled: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Now Visible', enabled: true, kind: 'sachet_water' });

    const deleted = await call(t, 'POST', '/api/product/category/delete', {
      token: admin.token,
      body: { id: hidden.id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Category has been deleted successfully');
    expect(
      (await call(t, 'POST', '/api/product/category/delete', { token: admin.token, body: { id: hidden.id } })).status,
    ).toBe(404);
  });

  it('rejects duplicates (any case), unknown kinds, and deleting a category in use', async () => {
    await createCategory(t, admin.token, { name: 'Cooking Gas', kind: 'gas' });
    const dup = await call(t, 'POST', '/api/product/category/store', {
      token: admin.token,
      body: { name: 'cooking gas', kind: 'gas' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual(['The name has already been taken.']);

    const kind = await call(t, 'POST', '/api/product/category/store', {
      token: admin.token,
      body: { name: 'Juice', kind: 'juice' },
    });
    expect(kind.status).toBe(422);
    expect(kind.body.errors).toHaveProperty('kind');

    const category = await createCategory(t, admin.token);
    const location = await createLocation(t, admin.token);
    await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [{ id: location.id, product_location_price: 300 }],
    });
    const inUse = await call(t, 'POST', '/api/product/category/delete', {
      token: admin.token,
      body: { id: category.id },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/still has 1 product/);
  });
});

describe('locations', () => {
  it('accepts only lagos and nigeria', async () => {
    const res = await call(t, 'POST', '/api/location/store', {
      token: admin.token,
      body: { name: 'Abuja', state: 'fct', country: 'ghana' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['country', 'state']);
  });

  it('creates, updates, lists and refuses to delete a location with prices', async () => {
    const created = await call(t, 'POST', '/api/location/store', {
      token: admin.token,
      body: { name: 'Lekki', state: 'lagos', country: 'nigeria' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Location has been created successfully');
    const id = created.body.data.id;

    const updated = await call(t, 'POST', '/api/location/update', { token: admin.token, body: { id, enabled: false } });
    expect(updated.body.data).toMatchObject({ name: 'Lekki', enabled: false });
    const enabledOnly = await call(t, 'GET', '/api/location/index', {
      token: customer.token,
      query: { enabled: 1, per_page: 100 },
    });
    expect(enabledOnly.body.data.data.map((l: { id: number }) => l.id)).not.toContain(id);

    const category = await createCategory(t, admin.token);
    await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [{ id, product_location_price: 250 }],
    });
    const refused = await call(t, 'POST', '/api/location/delete', { token: admin.token, body: { id } });
    expect(refused.status).toBe(409);

    const spare = await createLocation(t, admin.token);
    expect((await call(t, 'POST', '/api/location/delete', { token: admin.token, body: { id: spare.id } })).status).toBe(
      200,
    );
    expect(
      (await call(t, 'POST', '/api/location/update', { token: admin.token, body: { id: spare.id, name: 'x' } })).status,
    ).toBe(404);
  });
});

describe('products', () => {
  it('stores prices in kobo, with an image, and shows them back in naira', async () => {
    const category = await createCategory(t, admin.token, { kind: 'bottle_water' });
    const ikeja = await createLocation(t, admin.token);
    const yaba = await createLocation(t, admin.token);
    const res = await call(t, 'POST', '/api/products/store', {
      token: admin.token,
      body: {
        product_name: 'Eva Water 75cl x 12',
        product_description: 'A pack of twelve bottles.',
        product_category: category.id,
        product_price: 2499.5,
        product_tags: 'bottle, pack',
        locations: [
          { id: ikeja.id, product_location_price: 2600 },
          { id: yaba.id, product_location_price: '2550.25' },
        ],
        base64_photos: [dataUrl(tinyPng())],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Product has been created successfully');
    expect(res.body.data).toMatchObject({
      product_name: 'Eva Water 75cl x 12',
      product_category: category.name,
      kind: 'bottle_water',
      product_price: 2499.5,
      product_tags: ['bottle', 'pack'],
      approved: true,
      locations_count: 2,
    });
    expect(res.body.data.product_images[0]).toMatch(/^\/uploads\/products\/[0-9a-f]{24}-r\.jpg$/);
    expect(
      res.body.data.locations.map((l: { product_location_price: number }) => l.product_location_price).sort(),
    ).toEqual([2550.25, 2600]);

    const { products } = await import('./schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.db.select().from(products).where(eq(products.id, res.body.data.id));
    expect(row?.basePriceKobo).toBe(249_950);

    const list = await call(t, 'GET', '/api/products/index', { token: admin.token, query: { search: 'eva water' } });
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({
      product_category: category.name,
      product_price: 2499.5,
      approved: true,
      locations_count: 2,
    });
  });

  it('rejects bad prices, unknown categories and locations, and duplicate locations', async () => {
    const category = await createCategory(t, admin.token);
    const location = await createLocation(t, admin.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ product_price: 0 }, 'product_price'],
      [{ product_price: -5 }, 'product_price'],
      [{ product_price: 10.555 }, 'product_price'],
      [{ product_price: 'ten' }, 'product_price'],
      [{ product_category: 999_999 }, 'product_category'],
      [{ locations: [{ id: 999_999, product_location_price: 10 }] }, 'locations'],
      [
        {
          locations: [
            { id: location.id, product_location_price: 10 },
            { id: location.id, product_location_price: 12 },
          ],
        },
        'locations',
      ],
      [{ locations: [{ id: location.id, product_location_price: 10.001 }] }, 'locations.0.product_location_price'],
    ];
    for (const [override, field] of cases) {
      const res = await call(t, 'POST', '/api/products/store', {
        token: admin.token,
        body: { product_name: 'Bad', product_price: 100, product_category: category.id, locations: [], ...override },
      });
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.errors, JSON.stringify(override)).toHaveProperty([field]);
    }
    const list = await call(t, 'GET', '/api/products/index', { token: admin.token, query: { search: 'Bad' } });
    expect(list.body.data.total).toBe(0);
  });

  it('updates fields, keeps listed locations, adds new_locations and drops the rest', async () => {
    const category = await createCategory(t, admin.token);
    const [a, b, c] = [
      await createLocation(t, admin.token),
      await createLocation(t, admin.token),
      await createLocation(t, admin.token),
    ];
    const product = await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [
        { id: a.id, product_location_price: 100 },
        { id: b.id, product_location_price: 110 },
      ],
    });
    const res = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: {
        id: product.id,
        product_name: 'Renamed',
        locations: [{ id: a.id, product_location_price: 120 }],
        new_locations: [{ id: c.id, product_location_price: 130 }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product has been updated successfully');
    expect(res.body.data.product_name).toBe('Renamed');
    const prices = Object.fromEntries(
      res.body.data.locations.map((l: { location_id: number; product_location_price: number }) => [
        l.location_id,
        l.product_location_price,
      ]),
    );
    expect(prices).toEqual({ [a.id]: 120, [c.id]: 130 });

    const onlyName = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: product.id, product_description: 'New words' },
    });
    expect(onlyName.body.data.locations_count).toBe(2);

    expect(
      (await call(t, 'POST', '/api/products/delete', { token: admin.token, body: { id: product.id } })).status,
    ).toBe(200);
    expect((await call(t, 'GET', '/api/products/show', { token: admin.token, query: { id: product.id } })).status).toBe(
      404,
    );
  });
});

describe('deleting a product with orders', () => {
  it('is refused with a reason and a code the screen offers to disable it with; disabling keeps its orders', async () => {
    const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
    const location = await createLocation(t, admin.token);
    const product = await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [{ id: location.id, product_location_price: 300 }],
    });
    const buyer = await createUser(t);
    await t.db.transaction((tx) =>
      credit(tx, buyer.user.id, {
        amountKobo: 5_000_00,
        type: 'deposit',
        reference: `delete-${product.id}`,
        description: 'test',
      }),
    );
    const order = await call(t, 'POST', '/api/product-order/store', {
      token: buyer.token,
      body: {
        product_id: product.id,
        location_id: location.id,
        quantity: 1,
        recipient_address: '3 Herbert Macaulay Way, Yaba',
        payment_method: 'wallet',
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    const refused = await call(t, 'POST', '/api/products/delete', { token: admin.token, body: { id: product.id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'product_in_use', message: PRODUCT_IN_USE });
    expect((await call(t, 'GET', '/api/products/show', { token: admin.token, query: { id: product.id } })).status).toBe(
      200,
    );

    const disabled = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: product.id, approved: false },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ approved: false, locations_count: 1 });
    const shown = await call(t, 'GET', '/api/product-order/show', {
      token: buyer.token,
      query: { id: order.body.data.id },
    });
    expect(shown.status).toBe(200);
  });
});

describe('partial updates change only the fields sent', () => {
  it('renaming a disabled category or location keeps it disabled', async () => {
    const category = await createCategory(t, admin.token, { enabled: false });
    const renamed = await call(t, 'POST', '/api/product/category/update', {
      token: admin.token,
      body: { id: category.id, name: `${category.name} (new)` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: `${category.name} (new)`, enabled: false });

    const location = await createLocation(t, admin.token, { enabled: false });
    const moved = await call(t, 'POST', '/api/location/update', {
      token: admin.token,
      body: { id: location.id, name: `${location.name} (new)` },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: `${location.name} (new)`, enabled: false });
  });

  it('renaming an unapproved product keeps its description and leaves it unapproved', async () => {
    const category = await createCategory(t, admin.token);
    const location = await createLocation(t, admin.token);
    const product = await createProduct(t, admin.token, {
      product_category: category.id,
      locations: [{ id: location.id }],
      approved: false,
    });
    const described = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: product.id, product_description: 'Cold, sealed bags' },
    });
    expect(described.status).toBe(200);
    const renamed = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: product.id, product_name: 'Renamed again' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      product_name: 'Renamed again',
      product_description: 'Cold, sealed bags',
      approved: false,
    });
  });
});

describe('customer browsing: GET /api/location/products/index', () => {
  it('lists approved products of enabled categories at the location, with the location price winning', async () => {
    const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
    const gas = await createCategory(t, admin.token, { kind: 'gas' });
    const off = await createCategory(t, admin.token, { enabled: false });
    const here = await createLocation(t, admin.token);
    const there = await createLocation(t, admin.token);

    const cheap = await createProduct(t, admin.token, {
      product_category: water.id,
      product_price: 300,
      locations: [{ id: here.id, product_location_price: 280 }],
    });
    const basePriced = await createProduct(t, admin.token, {
      product_category: water.id,
      product_price: 350,
      locations: [{ id: here.id, product_location_price: null }],
    });
    const cylinder = await createProduct(t, admin.token, {
      product_category: gas.id,
      product_price: 9000,
      locations: [{ id: here.id, product_location_price: 8500 }],
    });
    await createProduct(t, admin.token, {
      product_category: water.id,
      approved: false,
      locations: [{ id: here.id, product_location_price: 100 }],
    });
    await createProduct(t, admin.token, {
      product_category: off.id,
      locations: [{ id: here.id, product_location_price: 100 }],
    });
    await createProduct(t, admin.token, {
      product_category: water.id,
      locations: [{ id: there.id, product_location_price: 100 }],
    });

    const res = await call(t, 'GET', '/api/location/products/index', {
      token: customer.token,
      query: { location_id: here.id, category_id: water.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((p: { id: number }) => p.id)).toEqual([cheap.id, basePriced.id]);
    expect(res.body.data.data[0]).toMatchObject({
      pivot: { location_id: here.id, product_location_price: 280 },
      price: 280,
      product_price: 300,
      water_name: cheap.product_name,
      kind: 'sachet_water',
    });
    expect(res.body.data.data[1]).toMatchObject({ price: 350, pivot: { product_location_price: 350 } });

    const gasRes = await call(t, 'GET', '/api/location/products/index', {
      token: customer.token,
      query: { location_id: here.id, category_id: gas.id },
    });
    expect(gasRes.body.data.data).toHaveLength(1);
    expect(gasRes.body.data.data[0]).toMatchObject({
      id: cylinder.id,
      distro_name: cylinder.product_name,
      price: 8500,
    });
    expect(gasRes.body.data.data[0]).not.toHaveProperty('water_name');

    const missing = await call(t, 'GET', '/api/location/products/index', { token: customer.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('location_id');

    // Customers cannot open an unapproved product; admins can.
    const hidden = await createProduct(t, admin.token, { product_category: water.id, approved: false, locations: [] });
    expect(
      (await call(t, 'GET', '/api/products/show', { token: customer.token, query: { id: hidden.id } })).status,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/products/show', { token: admin.token, query: { id: hidden.id } })).status).toBe(
      200,
    );
  });

  it('quotes the server price for checkout and refuses products not sold at the location', async () => {
    const water = await createCategory(t, admin.token);
    const here = await createLocation(t, admin.token);
    const there = await createLocation(t, admin.token);
    const product = await createProduct(t, admin.token, {
      product_category: water.id,
      product_price: 300,
      locations: [{ id: here.id, product_location_price: 250.5 }],
    });
    const price = await quote(t.db, product.id, here.id, 3);
    expect(price).toMatchObject({ unitKobo: 25_050, totalKobo: 75_150 });
    await expect(quote(t.db, product.id, there.id, 1)).rejects.toMatchObject({ kind: 'validation' });
  });
});
