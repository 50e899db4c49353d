import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { approvedAgent, eventOf, openEventStream, type EventStream } from '../../../test/helpers/events';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { sandboxCharge } from '../../../test/helpers/payments';
import { orders } from '../orders/schema';
import { alertUnacceptedOrders } from '../orders/service';
import { credit } from '../wallet/service';
import { pruneEvents } from './jobs';
import { EVENTS_CHANNEL, publish } from './service';
import { liveEvents } from './schema';

let t: TestApp;
let admin: Actor;
let lekki: { id: number; name: string };
let yaba: { id: number; name: string };
let ikeja: { id: number; name: string };
let water: { id: number };
const PRICE = 400;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', EVENTS_HEARTBEAT_SECONDS: '1' });
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  ikeja = await createLocation(t, admin.token);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  water = await createProduct(t, admin.token, {
    product_category: category.id,
    locations: [
      { id: lekki.id, product_location_price: PRICE },
      { id: yaba.id, product_location_price: PRICE },
      { id: ikeja.id, product_location_price: PRICE },
    ],
  });
});
afterAll(async () => {
  open.forEach((stream) => stream.close());
  await t.close();
});

async function stream(actor: Actor, headers: Record<string, string> = {}) {
  const s = await openEventStream(t.ctx.internalUrl(), actor.token, headers);
  open.push(s);
  return s;
}

const agentIn = (locationId: number, settings: Record<string, boolean> = {}) =>
  approvedAgent(t, admin, { location_id: locationId, ...settings });

/** Puts money in this user's wallet. */
async function fund(actor: Actor) {
  await t.db.transaction((tx) =>
    credit(tx, actor.user.id, {
      amountKobo: 50_000_00,
      type: 'deposit',
      reference: `seed-${actor.user.id}`,
      description: 'test',
    }),
  );
}

async function customerWithWallet() {
  const customer = await createUser(t);
  await fund(customer);
  return customer;
}

async function walletOrder(customer: Actor, locationId: number) {
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: water.id,
      location_id: locationId,
      quantity: 2,
      recipient_address: '5 Bourdillon Road, Ikoyi',
      payment_method: 'wallet',
    },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** An order paid by card (through the payment sandbox); answers its id. */
async function cardOrder(customer: Actor, locationId: number) {
  const body = { product_id: water.id, location_id: locationId, quantity: 1, recipient_address: '1 Admiralty Way' };
  const reference = await sandboxCharge(t, {
    amountKobo: PRICE * 100,
    email: customer.user.email,
    metadata: { purpose: 'product_order', user_id: customer.user.id, ...body },
  });
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: { ...body, payment_method: 'card', transaction_id: reference },
  });
  expect([200, 201]).toContain(res.status);
  return res.body.data.id as number;
}

/** What the hub waits before sending an event it never heard announced, and how far back it looks (heartbeat 1 s). */
const UNANNOUNCED_AFTER_MS = 2_000;
const SWEEP_WINDOW_MS = 2 * 1_000 + UNANNOUNCED_AFTER_MS;

/** Waits for the stream's next heartbeat: the hub's sweep for lost announcements starts with it. */
async function nextHeartbeat(s: EventStream) {
  const seen = s.comments.length;
  await vi.waitFor(() => expect(s.comments.length).toBeGreaterThan(seen), { timeout: 3_000, interval: 10 });
}

/** An order.updated event for this customer recorded `agedMs` ago (by the database's clock) and never announced. */
async function unannounced(customer: Actor, n: number, agedMs: number) {
  const [row] = await t.db
    .insert(liveEvents)
    .values({
      type: 'order.updated',
      payload: { id: n, status: 'paid' },
      userIds: [customer.user.id],
      createdAt: sql`now() - ${agedMs} * interval '1 millisecond'`,
    })
    .returning({ id: liveEvents.id });
  return row!.id;
}

/** An order.updated event (order id `n`, paid) for this customer alone. */
const paidOrderEvent = (customer: Actor, n: number) => ({
  type: 'order.updated' as const,
  payload: { id: n, status: 'paid' as const },
  to: { users: [customer.user.id] },
});

describe('GET /api/events', () => {
  it('needs a live session, and a Last-Event-ID that is an event id', async () => {
    expect((await call(t, 'GET', '/api/events')).status).toBe(401);
    const customer = await createUser(t);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${customer.token}`, 'last-event-id': 'abc' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['last-event-id']).toEqual(['The Last-Event-ID must be the id of an event.']);
  });

  it('is a text/event-stream that nobody caches, with a heartbeat comment', async () => {
    const s = await stream(await createUser(t));
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    const deadline = Date.now() + 3_000;
    while (!s.comments.includes('heartbeat') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.comments).toContain('heartbeat');
  });

  it('is documented as a text/event-stream for signed-in users', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '422']);
  });
});

describe('who hears of an order', () => {
  it('a paid order reaches the agents of its area who sell its kind, its customer and admins; nobody else', async () => {
    const inArea = await agentIn(lekki.id);
    const elsewhere = await agentIn(yaba.id);
    const gasOnly = await agentIn(lekki.id, { sells_sachet_water: false, sells_gas: true });
    const bystander = await createUser(t);
    const customer = await customerWithWallet();
    const agentStream = await stream(inArea);
    const elsewhereStream = await stream(elsewhere);
    const gasStream = await stream(gasOnly);
    const bystanderStream = await stream(bystander);
    const customerStream = await stream(customer);
    const adminStream = await stream(admin);

    const id = await walletOrder(customer, lekki.id);
    const offered = await agentStream.next(eventOf('order.available', { id }));
    expect(offered.data).toEqual({
      id,
      location_id: lekki.id,
      location_name: lekki.name,
      kind: 'sachet_water',
      product_name: expect.any(String),
      quantity: 2,
    });
    expect(Number(offered.id)).toBeGreaterThan(0);
    expect((await customerStream.next(eventOf('order.updated', { id }))).data).toEqual({ id, status: 'paid' });
    await adminStream.next(eventOf('order.updated', { id, status: 'paid' }));

    // A later order in Yaba reaches the Yaba agent; had the Lekki order reached them, it would come first.
    const yabaOrder = await walletOrder(customer, yaba.id);
    expect((await elsewhereStream.next()).data).toMatchObject({ id: yabaOrder });
    expect(gasStream.unread()).toEqual([]);
    expect(bystanderStream.unread()).toEqual([]);
    expect(agentStream.unread().filter((e) => e.data.id === yabaOrder)).toEqual([]);
  });

  it('a card-paid order reaches the agents of its area too', async () => {
    const agent = await agentIn(lekki.id);
    const customer = await createUser(t);
    const agentStream = await stream(agent);
    const id = await cardOrder(customer, lekki.id);
    await agentStream.next(eventOf('order.available', { id }));
  });

  it('every status change reaches the customer and the agent; leaving the open list reaches the area', async () => {
    const [agent, rival] = [await agentIn(lekki.id), await agentIn(lekki.id)];
    const customer = await customerWithWallet();
    const [agentStream, rivalStream, customerStream] = await Promise.all([
      stream(agent),
      stream(rival),
      stream(customer),
    ]);
    const id = await walletOrder(customer, lekki.id);
    await customerStream.next(eventOf('order.updated', { id, status: 'paid' }));
    await rivalStream.next(eventOf('order.available', { id }));

    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id } })).status).toBe(200);
    await customerStream.next(eventOf('order.updated', { id, status: 'assigned' }));
    await agentStream.next(eventOf('order.updated', { id, status: 'assigned' }));
    await rivalStream.next(eventOf('order.updated', { id, status: 'assigned' }));

    // A refused accept changes nothing, so it announces nothing.
    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: rival.token, body: { id } })).status).toBe(409);

    for (const status of ['out_for_delivery', 'delivered']) {
      const moved = await call(t, 'POST', '/api/agents/orders/update-status', {
        token: agent.token,
        body: { id, status, delivery_code: await deliveryCodeOf(id) },
      });
      expect(moved.status).toBe(200);
      await customerStream.next(eventOf('order.updated', { id, status }));
      await agentStream.next(eventOf('order.updated', { id, status }));
    }
    // Once out of the open list, later moves are the holder's business.
    expect(rivalStream.unread().filter((e) => e.data.id === id)).toEqual([]);
    expect(customerStream.unread().filter((e) => e.data.id === id)).toEqual([]);
  });

  it('an agent who orders in their own area hears of it as its customer, never as an offer, live or on replay', async () => {
    const ordering = await agentIn(lekki.id);
    const rival = await agentIn(lekki.id);
    await fund(ordering);
    const neighbour = await customerWithWallet();
    const [orderingStream, rivalStream] = await Promise.all([stream(ordering), stream(rival)]);
    const before = await walletOrder(neighbour, lekki.id);
    const seen = await orderingStream.next(eventOf('order.available', { id: before }));

    // Paid from the wallet (one statement) and by card (publishOrderChange): the area's other agents
    // are offered both, the ordering agent hears of each as its customer.
    const byWallet = await walletOrder(ordering, lekki.id);
    const byCard = await cardOrder(ordering, lekki.id);
    await rivalStream.next(eventOf('order.available', { id: byWallet }));
    await rivalStream.next(eventOf('order.available', { id: byCard }));
    await orderingStream.next(eventOf('order.updated', { id: byWallet, status: 'paid' }));
    await orderingStream.next(eventOf('order.updated', { id: byCard, status: 'paid' }));

    // The next order offered to them is a later one of someone else's: theirs would have come first.
    const after = await walletOrder(neighbour, lekki.id);
    expect((await orderingStream.next(eventOf('order.available'))).data.id).toBe(after);
    orderingStream.close();

    const again = await stream(ordering, { 'last-event-id': seen.id });
    expect((await again.next(eventOf('order.available'))).data.id).toBe(after);
    await again.next(eventOf('order.updated', { id: byWallet, status: 'paid' }));
    await again.next(eventOf('order.updated', { id: byCard, status: 'paid' }));
  });

  it('an agent who releases an order is not offered it again, live or on replay; the area is', async () => {
    const [holder, rival] = [await agentIn(lekki.id), await agentIn(lekki.id)];
    const customer = await customerWithWallet();
    const [holderStream, rivalStream] = await Promise.all([stream(holder), stream(rival)]);
    const id = await walletOrder(customer, lekki.id);
    const offer = await holderStream.next(eventOf('order.available', { id }));
    await rivalStream.next(eventOf('order.available', { id }));
    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: holder.token, body: { id } })).status).toBe(
      200,
    );
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: holder.token,
      body: { id, reason: 'My bike broke down' },
    });
    expect(released.status).toBe(200);
    await rivalStream.next(eventOf('order.available', { id }));
    await holderStream.next(eventOf('order.updated', { id, status: 'paid' }));

    // The next offer the holder hears of is a later order: the released one would have come first.
    const later = await walletOrder(customer, lekki.id);
    expect((await holderStream.next(eventOf('order.available'))).data.id).toBe(later);
    holderStream.close();
    const again = await stream(holder, { 'last-event-id': offer.id });
    expect((await again.next(eventOf('order.available'))).data.id).toBe(later);
  });

  it('a change that rolls back announces nothing', async () => {
    const customer = await createUser(t);
    const s = await stream(customer);
    const event = (n: number) => paidOrderEvent(customer, n);
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, event(-1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction((tx) => publish(tx, event(-2)));
    expect((await s.next()).data.id).toBe(-2);
    expect(s.unread()).toEqual([]);
  });
});

describe('announcing', () => {
  it("a wallet-paid order's events are announced on the events channel once its statement has committed", async () => {
    const heard: string[] = [];
    const unlisten = await t.ctx.database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      const customer = await customerWithWallet();
      const id = await walletOrder(customer, lekki.id);
      const recorded = await t.db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(
          sql`${liveEvents.payload} ->> 'id' = ${String(id)} and ${liveEvents.type} in ('order.updated', 'order.available')`,
        );
      expect(recorded).toHaveLength(2);
      const named = () => new Set(heard.flatMap((payload) => payload.split(',').map(Number)));
      const deadline = Date.now() + 3_000;
      while (!recorded.every((row) => named().has(row.id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect([...named()]).toEqual(expect.arrayContaining(recorded.map((row) => row.id)));
    } finally {
      await unlisten();
    }
  });

  it('an event whose announcement was lost still reaches its streams, once', async () => {
    const customer = await createUser(t);
    const s = await stream(customer);
    // Recorded and committed, never announced (as if the process stopped right after the commit),
    // half a beat before the sweeps' grace ends: the next sweep sends it, and the one after still sees it.
    await nextHeartbeat(s);
    const lost = await unannounced(customer, -10, UNANNOUNCED_AFTER_MS - 500);
    const found = await s.next(eventOf('order.updated', { id: -10 }), 6_000);
    expect(Number(found.id)).toBe(lost);
    // Another lost event, recorded at once so that the very next sweep (which still sees the first) sends
    // it: that sweep must not send the first again, it would come with (before) this one.
    await unannounced(customer, -12, UNANNOUNCED_AFTER_MS + 100);

    // A late announcement does not send it again either: it would come before an event announced after it.
    await t.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(lost)})`);
    await t.db.transaction((tx) => publish(tx, paidOrderEvent(customer, -11)));
    await s.next(eventOf('order.updated', { id: -11 }));
    await s.next(eventOf('order.updated', { id: -12 }), 6_000);
    const [age] = await t.db
      .select({ ms: sql<number>`extract(epoch from now() - ${liveEvents.createdAt}) * 1000` })
      .from(liveEvents)
      .where(eq(liveEvents.id, lost));
    expect(Number(age!.ms)).toBeLessThan(SWEEP_WINDOW_MS);
    expect(s.unread()).toEqual([]);
  });

  it('an event announced twice is sent once', async () => {
    const customer = await createUser(t);
    const s = await stream(customer);
    const event = (n: number) => paidOrderEvent(customer, n);
    await t.db.transaction((tx) => publish(tx, event(-20)));
    const first = await s.next(eventOf('order.updated', { id: -20 }));
    await t.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${first.id})`);
    await t.db.transaction((tx) => publish(tx, event(-21)));
    await s.next(eventOf('order.updated', { id: -21 }));
    expect(s.unread()).toEqual([]);
  });
});

describe('admins', () => {
  it('hear of new agent applications; customers do not', async () => {
    const customer = await createUser(t);
    const [adminStream, customerStream] = await Promise.all([stream(admin), stream(customer)]);
    const applicant = await createUser(t);
    const applied = await call(t, 'POST', '/api/agents/store', {
      token: applicant.token,
      body: { agent_name: 'Ruwa Gas Ikeja', agent_email: applicant.user.email },
    });
    expect(applied.status).toBe(201);
    const heard = await adminStream.next(eventOf('agent.applied', { id: applied.body.data.id }));
    expect(heard.data.business_name).toBe('Ruwa Gas Ikeja');
    expect(customerStream.unread()).toEqual([]);
  });

  it('are alerted once about an order left unaccepted for the minutes set in the settings', async () => {
    const saved = await call(t, 'POST', '/api/admin/settings/update', {
      token: admin.token,
      body: { alerts: { unaccepted_order_minutes: 30 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.alerts).toEqual({ unaccepted_order_minutes: 30, on_duty_admin_ids: [] });
    const adminStream = await stream(admin);
    const customer = await customerWithWallet();
    const id = await walletOrder(customer, lekki.id);
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

    await alertUnacceptedOrders(t.ctx, inMinutes(29));
    expect(await alertUnacceptedOrders(t.ctx, inMinutes(31))).toBeGreaterThanOrEqual(1);
    const alert = await adminStream.next(eventOf('order.unaccepted', { id }));
    expect(alert.data).toEqual({ id, location_id: lekki.id, location_name: lekki.name, minutes: 30 });
    expect(await alertUnacceptedOrders(t.ctx, inMinutes(40))).toBe(0);
    expect(adminStream.unread().filter((e) => e.type === 'order.unaccepted' && e.data.id === id)).toEqual([]);
  });
});

/** The code the order's customer was given, as they would read it out at the door. */
async function deliveryCodeOf(id: number) {
  const [row] = await t.db.select({ code: orders.deliveryCode }).from(orders).where(eq(orders.id, id));
  return row!.code;
}

describe('reconnecting', () => {
  it('an agent serving two areas hears of paid orders in both, live and on replay; not of a third', async () => {
    const agent = await approvedAgent(t, admin, { location_ids: [lekki.id, yaba.id] });
    const customer = await customerWithWallet();
    const live = await stream(agent);
    const inLekki = await walletOrder(customer, lekki.id);
    const first = await live.next(eventOf('order.available', { id: inLekki }));
    live.close();

    const inIkeja = await walletOrder(customer, ikeja.id);
    const inYaba = await walletOrder(customer, yaba.id);
    const again = await stream(agent, { 'last-event-id': first.id });
    expect((await again.next(eventOf('order.available'))).data).toMatchObject({ id: inYaba, location_id: yaba.id });
    const laterIkeja = await walletOrder(customer, ikeja.id);
    const laterLekki = await walletOrder(customer, lekki.id);
    expect((await again.next(eventOf('order.available'))).data).toMatchObject({ id: laterLekki });
    expect(again.unread().filter((e) => [inIkeja, laterIkeja].includes(e.data.id as number))).toEqual([]);
  });

  it('with Last-Event-ID replays what the user missed, in order, then goes on live', async () => {
    const agent = await agentIn(yaba.id);
    const customer = await customerWithWallet();
    const first = await stream(customer);
    const id = await walletOrder(customer, yaba.id);
    const seen = await first.next(eventOf('order.updated', { id }));
    first.close();

    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id } })).status).toBe(200);
    await call(t, 'POST', '/api/agents/orders/update-status', {
      token: agent.token,
      body: { id, status: 'out_for_delivery' },
    });
    const other = await walletOrder(await customerWithWallet(), yaba.id);

    const again = await stream(customer, { 'last-event-id': seen.id });
    expect((await again.next()).data).toEqual({ id, status: 'assigned' });
    expect((await again.next()).data).toEqual({ id, status: 'out_for_delivery' });
    await call(t, 'POST', '/api/agents/orders/update-status', {
      token: agent.token,
      body: { id, status: 'delivered', delivery_code: await deliveryCodeOf(id) },
    });
    expect((await again.next()).data).toEqual({ id, status: 'delivered' });
    // Another customer's order was never this customer's to see.
    expect(again.unread().filter((e) => e.data.id === other)).toEqual([]);
  });

  it('keeps events a day: the prune job deletes older ones', async () => {
    const before = (await t.db.select().from(liveEvents)).length;
    expect(before).toBeGreaterThan(0);
    expect(await pruneEvents(t.ctx, new Date(Date.now() + 23 * 3600_000))).toBe(0);
    expect(await pruneEvents(t.ctx, new Date(Date.now() + 25 * 3600_000))).toBe(before);
    expect(await t.db.select().from(liveEvents).where(eq(liveEvents.type, 'order.updated'))).toEqual([]);
  });
});

describe('the session ends the stream', () => {
  it('when the user is suspended', async () => {
    const customer = await createUser(t);
    const s = await stream(customer);
    const res = await call(t, 'POST', '/api/admin/customers/suspend', {
      token: admin.token,
      body: { id: customer.user.id },
    });
    expect(res.status).toBe(200);
    await s.ended(4_000);
  });

  it('when the user signs out', async () => {
    const customer = await createUser(t);
    const s = await stream(customer);
    expect((await call(t, 'POST', '/api/auth/logout', { token: customer.token })).status).toBe(200);
    await s.ended(4_000);
  });
});
