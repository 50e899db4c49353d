import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { notificationsHeard as heard } from '../../../test/helpers/notifications';
import { call, createAdmin, type Actor } from '../../../test/helpers/factories';
import type { Database } from '../../db/client';
import { CATALOG_CHANNEL, PriceMemory, type PriceAt } from './prices';
import { quote } from './service';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const notificationsHeard = () => heard(t, CATALOG_CHANNEL);

describe('the prices orders read', () => {
  it('are kept until the catalogue changes, through this instance or straight in the database', async () => {
    const water = await createCategory(t, admin.token);
    const here = await createLocation(t, admin.token);
    const product = await createProduct(t, admin.token, {
      product_category: water.id,
      locations: [{ id: here.id, product_location_price: 250 }],
    });
    const unitKobo = async () => (await quote(t.db, product.id, here.id, 1)).unitKobo;
    await notificationsHeard();
    expect(await unitKobo()).toBe(25_000);

    // Changed behind the triggers' back, the price read before is still the one given: orders read it
    // from memory, not from the database.
    const setPrice = (kobo: number) =>
      t.db.execute(
        sql`update product_locations set price_kobo = ${kobo} where product_id = ${product.id} and location_id = ${here.id}`,
      );
    await t.db.execute(sql`alter table product_locations disable trigger product_locations_catalog_changed`);
    await setPrice(26_000);
    await t.db.execute(sql`alter table product_locations enable trigger product_locations_catalog_changed`);
    expect(await unitKobo()).toBe(25_000);

    // Another instance's change reaches this one through PostgreSQL's notification.
    await setPrice(27_000);
    await vi.waitFor(async () => expect(await unitKobo()).toBe(27_000), { timeout: 5_000, interval: 20 });

    // A change through this instance's admin routes is read by the very next order.
    const updated = await call(t, 'POST', '/api/products/update', {
      token: admin.token,
      body: { id: product.id, locations: [{ id: here.id, product_location_price: 280 }] },
    });
    expect(updated.status).toBe(200);
    expect(await unitKobo()).toBe(28_000);
    const disabled = await call(t, 'POST', '/api/location/update', {
      token: admin.token,
      body: { id: here.id, enabled: false },
    });
    expect(disabled.status).toBe(200);
    await expect(quote(t.db, product.id, here.id, 1)).rejects.toMatchObject({ kind: 'validation' });
  });

  it('does not keep a price read while the catalogue changed, nor anything before it listens', async () => {
    let announceChange = () => {};
    const database = {
      listen: async (_channel: string, onNotify: (payload: string) => void) => {
        announceChange = () => onNotify('products');
        return async () => {};
      },
    } as unknown as Database;
    const row = { product: { id: 1 }, category: { id: 1 }, location: { id: 1 }, priceKobo: 100 } as unknown as PriceAt;
    const memory = new PriceMemory();
    let loads = 0;
    const read = (during = () => {}) =>
      memory.read('1:1', async () => {
        loads += 1;
        during();
        return row;
      });

    await read();
    await read();
    expect(loads).toBe(2);

    await memory.start(database);
    await read(() => announceChange());
    await read();
    await read();
    expect(loads).toBe(4);
    await expect(read()).resolves.toBe(row);
    expect(Object.isFrozen(row.location)).toBe(true);

    announceChange();
    await read();
    expect(loads).toBe(5);
    await memory.stop();
    await read();
    expect(loads).toBe(6);
  });
});
