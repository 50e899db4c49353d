import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { credit } from '../wallet/ledger';

let t: TestApp;
let admin: Actor;
let locationId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  locationId = (await createLocation(t, admin.token)).id;
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  productId = (await createProduct(t, admin.token, { product_category: category.id, locations: [{ id: locationId }] }))
    .id;
});
afterAll(() => t.close());

const home = () => ({
  label: 'Home',
  address: '12 Admiralty Way, Lekki Phase 1',
  landmark: 'Blue gate',
  location_id: locationId,
});
const save = (actor: Actor, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/addresses/store', { token: actor.token, body });
const list = async (actor: Actor) => (await call(t, 'GET', '/api/addresses/me', { token: actor.token })).body.data;

describe('saved addresses', () => {
  it('saves, lists, updates and deletes the customer’s own addresses; the first is the default', async () => {
    const ada = await createUser(t);
    const first = await save(ada, home());
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ ...home(), is_default: true, last_used_at: null });
    expect(first.body.data.location_name).not.toBe('');
    const office = await save(ada, { label: 'Office', address: '1 Broad Street, Marina', location_id: locationId });
    expect(office.body.data).toMatchObject({ is_default: false, landmark: '' });

    const updated = await call(t, 'POST', '/api/addresses/update', {
      token: ada.token,
      body: { id: office.body.data.id, is_default: true, landmark: 'Beside the bank' },
    });
    expect(updated.body.data).toMatchObject({ label: 'Office', is_default: true, landmark: 'Beside the bank' });
    const [a, b] = await list(ada);
    // One default at a time: the office took it over from home.
    expect([a, b].filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
    expect(a.id).toBe(office.body.data.id);

    const removed = await call(t, 'POST', '/api/addresses/delete', {
      token: ada.token,
      body: { id: first.body.data.id },
    });
    expect(removed.status).toBe(200);
    expect((await list(ada)).map((x: { id: number }) => x.id)).toEqual([office.body.data.id]);
  });

  it('refuses bad input with the field named, and an unknown location', async () => {
    const ada = await createUser(t);
    const bad = await save(ada, { ...home(), label: '', address: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.label[0]).toMatch(/label/);
    expect(bad.body.errors.address[0]).toMatch(/at least 5/);
    const nowhere = await save(ada, { ...home(), location_id: 999_999 });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors.location_id[0]).toBe('The selected location is invalid.');
  });

  it('never shows, changes or deletes another customer’s address', async () => {
    const owner = await createUser(t);
    const thief = await createUser(t);
    const saved = (await save(owner, home())).body.data;
    expect(await list(thief)).toEqual([]);
    const changed = await call(t, 'POST', '/api/addresses/update', {
      token: thief.token,
      body: { id: saved.id, address: '1 Thief Lane, Somewhere' },
    });
    expect(changed.status).toBe(404);
    const deleted = await call(t, 'POST', '/api/addresses/delete', { token: thief.token, body: { id: saved.id } });
    expect(deleted.status).toBe(404);
    // Naming it on an order marks nothing of the owner's as used.
    await t.db.transaction((tx) =>
      credit(tx, thief.user.id, {
        amountKobo: 100_000,
        type: 'deposit',
        reference: `fund-${thief.user.id}`,
        description: 't',
      }),
    );
    const order = await call(t, 'POST', '/api/product-order/store', {
      token: thief.token,
      body: {
        product_id: productId,
        location_id: locationId,
        quantity: 1,
        recipient_address: '1 Thief Lane, Somewhere',
        address_id: saved.id,
        payment_method: 'wallet',
      },
    });
    expect(order.status).toBe(201);
    expect(await list(owner)).toEqual([
      expect.objectContaining({ id: saved.id, address: home().address, last_used_at: null }),
    ]);
  });

  it('puts the address an order last went to first, for checkout to preselect', async () => {
    const ada = await createUser(t);
    const homeId = (await save(ada, home())).body.data.id;
    const officeId = (await save(ada, { label: 'Office', address: '1 Broad Street, Marina', location_id: locationId }))
      .body.data.id;
    expect((await list(ada))[0].id).toBe(homeId); // the default, nothing used yet
    await t.db.transaction((tx) =>
      credit(tx, ada.user.id, {
        amountKobo: 100_000,
        type: 'deposit',
        reference: `fund-${ada.user.id}`,
        description: 't',
      }),
    );
    const order = await call(t, 'POST', '/api/product-order/store', {
      token: ada.token,
      body: {
        product_id: productId,
        location_id: locationId,
        quantity: 1,
        recipient_address: '1 Broad Street, Marina',
        address_id: officeId,
        payment_method: 'wallet',
      },
    });
    expect(order.status).toBe(201);
    const [first] = await list(ada);
    expect(first).toMatchObject({ id: officeId });
    expect(first.last_used_at).not.toBeNull();
  });
});
