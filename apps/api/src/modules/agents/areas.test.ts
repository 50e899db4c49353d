import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { auditLog } from '../audit/schema';
import { credit } from '../wallet/service';
import { agentLocations } from './schema';

let t: TestApp;
let admin: Actor;
let lekki: { id: number; name: string };
let yaba: { id: number; name: string };
let ikeja: { id: number; name: string };
let sachet: { id: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  ikeja = await createLocation(t, admin.token);
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  sachet = await createProduct(t, admin.token, {
    product_category: water.id,
    locations: [lekki, yaba, ikeja].map((at) => ({ id: at.id, product_location_price: 400 })),
  });
});
afterAll(() => t.close());

type Agent = Actor & { agentId: number };

async function approvedAgent(name: string, areas: Record<string, unknown>): Promise<Agent> {
  const actor = await createUser(t, { firstName: 'Basira' });
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: actor.token,
    body: { agent_name: name, agent_email: actor.user.email, ...areas },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const agentId = applied.body.data.id as number;
  await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: agentId, status: 'approved' } });
  const set = await call(t, 'POST', '/api/agents/update', { token: actor.token, body: { sells_sachet_water: true } });
  expect(set.status).toBe(200);
  return { ...actor, agentId };
}

async function paidOrder(locationId: number) {
  const buyer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, buyer.user.id, {
      amountKobo: 10_000_00,
      type: 'deposit',
      reference: `areas-seed-${buyer.user.id}`,
      description: 'test',
    }),
  );
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: buyer.token,
    body: {
      product_id: sachet.id,
      location_id: locationId,
      quantity: 2,
      recipient_address: '5 Bourdillon Road, Ikoyi',
      payment_method: 'wallet',
    },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

const openIds = async (agent: Actor) =>
  (
    await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'open', per_page: 100 } })
  ).body.data.data.map((o: { id: number }) => o.id) as number[];

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

describe('an agent serving several areas', () => {
  it('applies with several areas and reads them back, the first by name standing in for the old single area', async () => {
    const agent = await approvedAgent('Two Areas Water', { location_ids: [yaba.id, lekki.id, yaba.id] });
    const me = await call(t, 'GET', '/api/agents/me', { token: agent.token });
    expect(me.status).toBe(200);
    const areas = byName([
      { id: lekki.id, name: lekki.name },
      { id: yaba.id, name: yaba.name },
    ]);
    expect(me.body.data.locations).toEqual(areas);
    expect(me.body.data).toMatchObject({ location_id: areas[0]!.id, location_name: areas[0]!.name });

    const list = await call(t, 'GET', '/api/agents/index', { token: admin.token, query: { per_page: 100 } });
    const listed = list.body.data.data.find((a: { id: number }) => a.id === agent.agentId);
    expect(listed.locations).toEqual(areas);
  });

  it('sees open orders in each of its areas and not in a third; accepts in either', async () => {
    const agent = await approvedAgent('Lekki and Yaba Water', { location_ids: [lekki.id, yaba.id] });
    const inLekki = await paidOrder(lekki.id);
    const inYaba = await paidOrder(yaba.id);
    const inIkeja = await paidOrder(ikeja.id);
    const open = await openIds(agent);
    expect(open).toEqual(expect.arrayContaining([inLekki, inYaba]));
    expect(open).not.toContain(inIkeja);
    const dashboard = await call(t, 'GET', '/api/agents/me/dashboard', { token: agent.token });
    expect(dashboard.body.data.open_orders).toBe(open.length);

    expect(
      (await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: inYaba } })).status,
    ).toBe(200);
    const third = await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: inIkeja } });
    expect(third.status).toBe(404);
  });

  it("admin dispatch lists every agent with the order's location among theirs, and assigns to them", async () => {
    const both = await approvedAgent('Both Areas Water', { location_ids: [lekki.id, yaba.id] });
    const yabaOnly = await approvedAgent('Yaba Only Water', { location_id: yaba.id });
    const ikejaOnly = await approvedAgent('Ikeja Only Water', { location_ids: [ikeja.id] });
    const order = await paidOrder(yaba.id);
    const picker = await call(t, 'GET', '/api/admin/orders/agents', { token: admin.token, query: { id: order } });
    expect(picker.status).toBe(200);
    const ids = picker.body.data.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([both.agentId, yabaOnly.agentId]));
    expect(ids).not.toContain(ikejaOnly.agentId);
    expect(picker.body.data.find((a: { id: number }) => a.id === both.agentId).location_name).toBe(yaba.name);

    const assigned = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order, agent_id: both.agentId },
    });
    expect(assigned.status).toBe(200);
    const refused = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order, agent_id: ikejaOnly.agentId },
    });
    expect(refused.status).toBe(422);
  });

  it('a released order is offered again to every agent serving its area', async () => {
    const holder = await approvedAgent('Holder Water', { location_ids: [lekki.id] });
    const other = await approvedAgent('Other Water', { location_ids: [ikeja.id, lekki.id] });
    const order = await paidOrder(lekki.id);
    expect(
      (await call(t, 'POST', '/api/agents/orders/accept', { token: holder.token, body: { id: order } })).status,
    ).toBe(200);
    expect(await openIds(other)).not.toContain(order);
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: holder.token,
      body: { id: order, reason: 'My bike broke down' },
    });
    expect(released.status).toBe(200);
    expect(await openIds(other)).toContain(order);
  });

  it('changes its areas in settings: the new set replaces the old one', async () => {
    const agent = await approvedAgent('Moving Water', { location_ids: [lekki.id, yaba.id] });
    const inLekki = await paidOrder(lekki.id);
    const moved = await call(t, 'POST', '/api/agents/update', {
      token: agent.token,
      body: { location_ids: [ikeja.id] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.locations).toEqual([{ id: ikeja.id, name: ikeja.name }]);
    expect(await openIds(agent)).not.toContain(inLekki);
    // Saving other settings leaves the areas as they are.
    await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { sms_alerts: false } });
    const rows = await t.db.select().from(agentLocations).where(eq(agentLocations.agentId, agent.agentId));
    expect(rows.map((r) => r.locationId)).toEqual([ikeja.id]);
  });

  it('takes 1 to 10 existing areas; anything else is 422 and changes nothing', async () => {
    const agent = await approvedAgent('Careful Water', { location_ids: [lekki.id] });
    const attempts: [unknown, string][] = [
      [[], 'location_ids'],
      [Array.from({ length: 11 }, (_, i) => i + 1), 'location_ids'],
      [[lekki.id, 999_999], 'location_ids'],
      ['lekki', 'location_ids'],
    ];
    for (const [locationIds, field] of attempts) {
      const res = await call(t, 'POST', '/api/agents/update', {
        token: agent.token,
        body: { location_ids: locationIds },
      });
      expect(res.status, JSON.stringify(locationIds)).toBe(422);
      expect(
        Object.keys(res.body.errors).some((key) => key.startsWith(field)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    const old = await call(t, 'POST', '/api/agents/update', { token: agent.token, body: { location_id: 999_999 } });
    expect(old.status).toBe(422);
    expect(old.body.errors.location_id).toEqual(['The selected location is invalid.']);
    const me = await call(t, 'GET', '/api/agents/me', { token: agent.token });
    expect(me.body.data.locations).toEqual([{ id: lekki.id, name: lekki.name }]);
  });
});

describe('an admin sets an agent’s areas and what they sell', () => {
  const setAreas = (token: string, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/admin/agents/update-areas', { token, body });

  it('replaces both at once: the agent is offered the new area’s orders, is told, and the change is audited', async () => {
    const agent = await approvedAgent('Admin Moved Water', { location_ids: [lekki.id] });
    const inLekki = await paidOrder(lekki.id);
    const inIkeja = await paidOrder(ikeja.id);
    expect(await openIds(agent)).toContain(inLekki);

    const set = await setAreas(admin.token, {
      id: agent.agentId,
      location_ids: [ikeja.id, yaba.id],
      sells_sachet_water: true,
      sells_bottle_water: true,
      sells_gas: false,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.locations).toEqual(byName([ikeja, yaba]).map(({ id, name }) => ({ id, name })));
    expect(set.body.data).toMatchObject({ sells_sachet_water: true, sells_bottle_water: true, sells_gas: false });
    const open = await openIds(agent);
    expect(open).toContain(inIkeja);
    expect(open).not.toContain(inLekki);

    // The agent's own settings read the same.
    const me = await call(t, 'GET', '/api/agents/me', { token: agent.token });
    expect(me.body.data.locations.map((area: { id: number }) => area.id).sort()).toEqual([ikeja.id, yaba.id].sort());
    expect(me.body.data.sells_bottle_water).toBe(true);

    const notices = await call(t, 'GET', '/api/notifications/me', { token: agent.token });
    const told = notices.body.data.data.find((n: { title: string }) => n.title === 'Your delivery areas were updated');
    expect(told?.description).toContain(ikeja.name);
    expect(told?.description).toContain('bottle water');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.areas_set'), eq(auditLog.entityId, String(agent.agentId))));
    expect(entry).toMatchObject({ actorId: admin.user.id, entity: 'agents' });
    expect(entry!.before).toMatchObject({ location_ids: [lekki.id], sells_bottle_water: false });
    expect(entry!.after).toMatchObject({ sells_bottle_water: true, sells_gas: false });
  });

  it('turning a kind off takes that kind’s open orders off the agent’s list', async () => {
    const agent = await approvedAgent('No More Sachets', { location_ids: [lekki.id] });
    const order = await paidOrder(lekki.id);
    expect(await openIds(agent)).toContain(order);
    const set = await setAreas(admin.token, {
      id: agent.agentId,
      location_ids: [lekki.id],
      sells_sachet_water: false,
      sells_bottle_water: false,
      sells_gas: true,
    });
    expect(set.status).toBe(200);
    expect(await openIds(agent)).not.toContain(order);
  });

  it('is for admins only; bad input is 422 on its field, an unknown agent 404, and nothing changes', async () => {
    const agent = await approvedAgent('Guarded Water', { location_ids: [lekki.id] });
    const good = {
      id: agent.agentId,
      location_ids: [yaba.id],
      sells_sachet_water: true,
      sells_bottle_water: false,
      sells_gas: false,
    };
    expect((await setAreas(agent.token, good)).status).toBe(403);
    const customer = await createUser(t);
    expect((await setAreas(customer.token, good)).status).toBe(403);

    for (const [change, field] of [
      [{ location_ids: [] }, 'location_ids'],
      [{ location_ids: [999_999] }, 'location_ids'],
      [{ sells_gas: 'yes' }, 'sells_gas'],
      [{ sells_bottle_water: undefined }, 'sells_bottle_water'],
      [{ id: 'x' }, 'id'],
    ] as const) {
      const res = await setAreas(admin.token, { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(
        Object.keys(res.body.errors).some((key) => key.startsWith(field)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    expect((await setAreas(admin.token, { ...good, id: 999_999 })).status).toBe(404);
    const me = await call(t, 'GET', '/api/agents/me', { token: agent.token });
    expect(me.body.data.locations).toEqual([{ id: lekki.id, name: lekki.name }]);
  });
});
