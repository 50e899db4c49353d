import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../src/modules/wallet/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { eventOf, openEventStream, type EventStream } from './helpers/events';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { startApiProcess } from './helpers/instance';

/**
 * Live events between two API processes on one PostgreSQL database, as production runs several
 * instances behind a load balancer: an event raised by a request to one process reaches the streams
 * held open by the other, through LISTEN/NOTIFY alone.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live events across two API processes', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof startApiProcess>>;
  let b: Awaited<ReturnType<typeof startApiProcess>>;
  let admin: Actor;
  let locationId: number;
  let productId: number;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
    [a, b] = await Promise.all([startApiProcess(t), startApiProcess(t)]);
    admin = await createAdmin(t);
    locationId = (await createLocation(t, admin.token)).id;
    const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
    productId = (
      await createProduct(t, admin.token, {
        product_category: category.id,
        locations: [{ id: locationId, product_location_price: 400 }],
      })
    ).id;
  }, 180_000);
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await Promise.all([a?.close(), b?.close()]);
    await t?.close();
  });

  async function listen(instance: { url: string }, actor: Actor, headers: Record<string, string> = {}) {
    const stream = await openEventStream(instance.url, actor.token, headers);
    streams.push(stream);
    return stream;
  }

  async function agentHere() {
    const actor = await createUser(t);
    const applied = await call(a, 'POST', '/api/agents/store', {
      token: actor.token,
      body: { agent_name: 'Lekki Water Co', agent_email: actor.user.email },
    });
    await call(b, 'POST', '/api/agents/update-status', {
      token: admin.token,
      body: { id: applied.body.data.id, status: 'approved' },
    });
    await call(a, 'POST', '/api/agents/update', {
      token: actor.token,
      body: { location_id: locationId, sells_sachet_water: true },
    });
    return actor;
  }

  async function customerOrderThrough(instance: TestApp) {
    const customer = await createUser(t);
    await t.db.transaction((tx) =>
      credit(tx, customer.user.id, {
        amountKobo: 10_000_00,
        type: 'deposit',
        reference: `seed-${customer.user.id}`,
        description: 'test',
      }),
    );
    const placed = await call(instance, 'POST', '/api/product-order/store', {
      token: customer.token,
      body: {
        product_id: productId,
        location_id: locationId,
        quantity: 1,
        recipient_address: '12 Admiralty Way, Lekki',
        payment_method: 'wallet',
      },
    });
    expect(placed.status).toBe(201);
    return { customer, id: placed.body.data.id as number };
  }

  it('an order paid through one process reaches the agent streaming from the other, and back', async () => {
    const agent = await agentHere();
    const adminOnB = await listen(b, admin);
    const agentOnB = await listen(b, agent);
    const { customer, id } = await customerOrderThrough(a);
    await agentOnB.next(eventOf('order.available', { id }));
    await adminOnB.next(eventOf('order.updated', { id, status: 'paid' }));

    const customerOnA = await listen(a, customer);
    expect((await call(b, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id } })).status).toBe(200);
    await customerOnA.next(eventOf('order.updated', { id, status: 'assigned' }));
    await agentOnB.next(eventOf('order.updated', { id, status: 'assigned' }));
  });

  it('a stream that moves to the other process with Last-Event-ID gets what it missed', async () => {
    const agent = await agentHere();
    const onA = await listen(a, agent);
    const first = await customerOrderThrough(b);
    const seen = await onA.next(eventOf('order.available', { id: first.id }));
    onA.close();
    const second = await customerOrderThrough(a);
    const onB = await listen(b, agent, { 'last-event-id': seen.id });
    expect((await onB.next()).data).toMatchObject({ id: second.id });
  });
});
