import { BENEFICIARIES_MAX } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const save = (actor: Actor, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/beneficiaries', { token: actor.token, body });
const list = async (actor: Actor) => (await call(t, 'GET', '/api/beneficiaries', { token: actor.token })).body.data;

describe('named airtime and data numbers', () => {
  it('saves a named number in the app’s phone form, lists the customer’s own, renames and removes them', async () => {
    const ada = await createUser(t);
    expect(await list(ada)).toEqual([]);
    const mum = await save(ada, { name: ' Mum MTN ', phone: '0803 123 4567', network_id: 'mtn' });
    expect(mum.status).toBe(201);
    expect(mum.body.data).toMatchObject({ name: 'Mum MTN', phone: '+2348031234567', network_id: 'mtn' });
    const dad = await save(ada, { name: 'Dad', phone: '08051234567', network_id: 'glo' });
    expect((await list(ada)).map((b: { name: string }) => b.name)).toEqual(['Dad', 'Mum MTN']);

    // The same number on the same network again is a new name for it, not a second entry.
    const renamed = await save(ada, { name: 'Mummy', phone: '+2348031234567', network_id: 'mtn' });
    expect(renamed.status).toBe(201);
    expect(renamed.body.data.id).toBe(mum.body.data.id);
    expect(await list(ada)).toHaveLength(2);

    // Another customer sees none of them and cannot remove them.
    const stranger = await createUser(t);
    expect(await list(stranger)).toEqual([]);
    const theirs = await call(t, 'POST', '/api/beneficiaries/remove', {
      token: stranger.token,
      body: { id: dad.body.data.id },
    });
    expect(theirs.status).toBe(404);
    const removed = await call(t, 'POST', '/api/beneficiaries/remove', {
      token: ada.token,
      body: { id: dad.body.data.id },
    });
    expect(removed.status).toBe(200);
    expect((await list(ada)).map((b: { name: string }) => b.name)).toEqual(['Mummy']);
    expect((await call(t, 'GET', '/api/beneficiaries')).status).toBe(401);
  });

  it('refuses a bad name, phone or network on its field (422)', async () => {
    const ada = await createUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Give the number a name, e.g. Mum MTN.'],
      [{ name: 'x'.repeat(41) }, 'name', 'The name may not be longer than 40 characters.'],
      [{ phone: '12345' }, 'phone', 'Enter a Nigerian mobile number like 08031234567.'],
      [{ network_id: 'vodafone' }, 'network_id', 'Choose a network: MTN, Glo, Airtel or 9mobile.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await save(ada, { name: 'Mum', phone: '08031234567', network_id: 'mtn', ...override });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    expect(await list(ada)).toEqual([]);
  });

  it(`keeps at most ${BENEFICIARIES_MAX} numbers a customer; renaming one still works at the limit`, async () => {
    const ada = await createUser(t);
    for (let i = 0; i < BENEFICIARIES_MAX; i++) {
      const res = await save(ada, {
        name: `Friend ${i}`,
        phone: `0803${String(1_000_000 + i).slice(-7)}`,
        network_id: 'mtn',
      });
      expect(res.status).toBe(201);
    }
    const over = await save(ada, { name: 'One more', phone: '08099999999', network_id: 'etisalat' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`You can keep up to ${BENEFICIARIES_MAX} saved numbers. Remove one first.`);
    const rename = await save(ada, { name: 'Best friend', phone: '08031000000', network_id: 'mtn' });
    expect(rename.status).toBe(201);
    expect(await list(ada)).toHaveLength(BENEFICIARIES_MAX);
  });
});
