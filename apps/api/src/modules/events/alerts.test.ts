import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { approvedAgent } from '../../../test/helpers/events';
import { startPushReceiver, type PushBrowser } from '../../../test/helpers/push-receiver';
import { smsOutbox } from '../../../test/helpers/verification';
import { agents } from '../agents/schema';
import { credit } from '../wallet/service';
import { ALERT_MAX_AGE_MS, sendPendingAlerts } from './alerts';
import { queueAlerts } from './service';
import { eventAlerts, liveEvents, pushSubscriptions } from './schema';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let admin: Actor;
let lekki: { id: number; name: string };
let yaba: { id: number; name: string };
let ikeja: { id: number; name: string };
let ajah: { id: number; name: string };
let water: { id: number; product_name: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  receiver = await startPushReceiver();
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  ikeja = await createLocation(t, admin.token);
  ajah = await createLocation(t, admin.token);
  const category = await createCategory(t, admin.token, { kind: 'sachet_water' });
  water = await createProduct(t, admin.token, {
    product_category: category.id,
    locations: [
      { id: lekki.id, product_location_price: 400 },
      { id: yaba.id, product_location_price: 400 },
      { id: ikeja.id, product_location_price: 400 },
      { id: ajah.id, product_location_price: 400 },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const agentIn = (locationId: number, settings: Record<string, boolean> = {}) =>
  approvedAgent(t, admin, { location_id: locationId, ...settings });

async function subscribe(actor: Actor): Promise<PushBrowser> {
  const browser = receiver.browser();
  const res = await call(t, 'POST', '/api/push/subscriptions', {
    token: actor.token,
    body: { endpoint: browser.endpoint, keys: browser.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return browser;
}

async function walletOrder(customer: Actor, locationId: number): Promise<number> {
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 10_000_00,
      type: 'deposit',
      reference: `alerts-seed-${customer.user.id}-${Date.now()}`,
      description: 'test',
    }),
  );
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: water.id,
      location_id: locationId,
      quantity: 3,
      recipient_address: '12 Admiralty Way, Lekki',
      payment_method: 'wallet',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** Alerts go out on the announcement; this also sends any the instance has not sent yet. */
const settle = () => sendPendingAlerts(t.ctx);

/** Records events without announcing them, each alert queued as its own row (as each order's are). */
async function recordUnannounced(values: (typeof liveEvents.$inferInsert)[]) {
  const rows = await t.db.insert(liveEvents).values(values).returning();
  for (const row of rows) await queueAlerts(t.db, [row]);
  return rows;
}

describe('push subscriptions', () => {
  it('need a session, and a subscription as the browser gives it', async () => {
    const browser = receiver.browser();
    expect(
      (await call(t, 'POST', '/api/push/subscriptions', { body: { endpoint: browser.endpoint, keys: browser.keys } }))
        .status,
    ).toBe(401);
    const customer = await createUser(t);
    const bad = await call(t, 'POST', '/api/push/subscriptions', {
      token: customer.token,
      body: { endpoint: 'not a url', keys: { p256dh: 'x', auth: browser.keys.auth } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.endpoint).toEqual(['The endpoint must be the push service address the browser gave.']);
    expect(bad.body.errors['keys.p256dh']).toEqual(['The p256dh key is too short.']);
  });

  it('give the VAPID public key, say whether this browser is subscribed, and can be turned off', async () => {
    const customer = await createUser(t);
    const key = await call(t, 'GET', '/api/push/key', { token: customer.token });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.data.public_key, 'base64url')).toHaveLength(65);
    const browser = await subscribe(customer);
    const status = (endpoint: string) =>
      call(t, 'POST', '/api/push/subscriptions/status', { token: customer.token, body: { endpoint } });
    expect((await status(browser.endpoint)).body.data).toEqual({ subscribed: true });
    // Another user cannot turn someone else's browser off, nor learn that it is subscribed.
    const other = await createUser(t);
    await call(t, 'POST', '/api/push/subscriptions/delete', {
      token: other.token,
      body: { endpoint: browser.endpoint },
    });
    expect(
      (
        await call(t, 'POST', '/api/push/subscriptions/status', {
          token: other.token,
          body: { endpoint: browser.endpoint },
        })
      ).body.data,
    ).toEqual({ subscribed: false });
    expect((await status(browser.endpoint)).body.data).toEqual({ subscribed: true });
    const off = await call(t, 'POST', '/api/push/subscriptions/delete', {
      token: customer.token,
      body: { endpoint: browser.endpoint },
    });
    expect(off.status).toBe(200);
    expect((await status(browser.endpoint)).body.data).toEqual({ subscribed: false });
  });
});

describe('alerts for a paid order', () => {
  it("push the area's agents and the customer, signed with the VAPID key, and text agents who want SMS", async () => {
    const agent = await agentIn(lekki.id);
    const quiet = await agentIn(lekki.id, { sms_alerts: false });
    const elsewhere = await agentIn(yaba.id);
    const customer = await createUser(t);
    const [agentPhone, quietPhone, elsewherePhone, customerPhone] = await Promise.all(
      [agent, quiet, elsewhere, customer].map(subscribe),
    );
    const publicKey = (await call(t, 'GET', '/api/push/key', { token: customer.token })).body.data.public_key;

    const orderId = await walletOrder(customer, lekki.id);
    await settle();

    // The pushes of one event go out together and may arrive in any order.
    await vi.waitFor(() =>
      expect([agentPhone!, quietPhone!, customerPhone!].map((phone) => receiver.to(phone).length)).toEqual([1, 1, 1]),
    );
    const [offered] = receiver.to(agentPhone!);
    expect(offered!.payload).toEqual({
      title: `New order in ${lekki.name}`,
      body: `3 × ${water.product_name}. Open Ruwa to accept it.`,
      url: '/agent',
      tag: `order-${orderId}`,
    });
    expect(offered!.vapidKey).toBe(publicKey);
    expect(offered!.claims.aud).toBe(new URL(agentPhone!.endpoint).origin);
    expect(offered!.claims.sub).toMatch(/^(mailto:|https:\/\/)/);
    expect(offered!.urgency).toBe('high');
    expect(Number(offered!.ttl)).toBeGreaterThan(0);
    expect(receiver.to(quietPhone!)).toHaveLength(1);
    expect(receiver.to(elsewherePhone!)).toHaveLength(0);
    expect(receiver.to(customerPhone!).map((push) => push.payload)).toEqual([
      {
        title: `Order #${orderId}: Paid`,
        body: 'Open Ruwa to see your order.',
        url: `/profile/orders?id=${orderId}`,
        tag: `order-${orderId}`,
      },
    ]);

    const texts = await vi.waitFor(async () => {
      const found = (await smsOutbox(t)).filter((sms) => sms.text.includes(`#${orderId} `));
      expect(found.map((sms) => sms.to)).toEqual([agent.user.phoneNumber.replace(/^\+/, '')]);
      return found;
    });
    expect(texts[0]!.text).toBe(
      `Ruwa: new order #${orderId} in ${lekki.name}: 3 x ${water.product_name}. Open Ruwa to accept it.`,
    );

    // Alerted once: another round (or another instance) finds nothing left to send.
    expect(await settle()).toEqual({ events: 0, pushes: 0, sms: 0, mails: 0 });
    expect(receiver.to(agentPhone!)).toHaveLength(1);
  });

  it('go out on their own as orders are announced, orders during a round or its pause in the next one', async () => {
    const customers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const phones = await Promise.all(customers.map(subscribe));
    // No settle(): the instance's own sender, woken by each order's announcement, sends them all.
    const ids: number[] = [];
    for (const customer of customers) ids.push(await walletOrder(customer, ikeja.id));
    await vi.waitFor(
      () =>
        expect(phones.map((phone) => receiver.to(phone!).map((push) => (push.payload as { tag: string }).tag))).toEqual(
          ids.map((id) => [`order-${id}`]),
        ),
      { timeout: 5_000 },
    );
  });

  it('reach an agent serving two areas for orders in either, by push and SMS; not for a third area', async () => {
    const agent = await approvedAgent(t, admin, { location_ids: [lekki.id, yaba.id] });
    const phone = await subscribe(agent);
    const customer = await createUser(t);
    const inLekki = await walletOrder(customer, lekki.id);
    const inYaba = await walletOrder(customer, yaba.id);
    const inIkeja = await walletOrder(customer, ikeja.id);
    await settle();

    await vi.waitFor(() =>
      expect(receiver.to(phone).map((push) => (push.payload as { tag: string }).tag)).toEqual(
        expect.arrayContaining([`order-${inLekki}`, `order-${inYaba}`]),
      ),
    );
    expect(receiver.to(phone).map((push) => (push.payload as { title: string }).title)).not.toContain(
      `New order in ${ikeja.name}`,
    );
    expect(receiver.to(phone)).toHaveLength(2);
    await vi.waitFor(async () => {
      const texts = (await smsOutbox(t)).filter((sms) => sms.to === agent.user.phoneNumber.replace(/^\+/, ''));
      expect(texts.map((sms) => sms.text.match(/#(\d+) /)?.[1]).sort()).toEqual(
        [String(inLekki), String(inYaba)].sort(),
      );
    });
    expect((await smsOutbox(t)).filter((sms) => sms.text.includes(`#${inIkeja} `))).toEqual([]);
  });

  it('leave out an agent who ordered in their own area: told as its customer, not offered it; other agents are', async () => {
    const ordering = await agentIn(lekki.id);
    const rival = await agentIn(lekki.id);
    const orderingPhone = await subscribe(ordering);
    const rivalPhone = await subscribe(rival);
    const own = await walletOrder(ordering, lekki.id);
    const later = await walletOrder(await createUser(t), lekki.id);
    const textsTo = async (actor: Actor) =>
      (await smsOutbox(t))
        .filter((sms) => sms.to === actor.user.phoneNumber.replace(/^\+/, ''))
        .map((sms) => Number(sms.text.match(/#(\d+) /)?.[1]))
        .sort((a, b) => a - b);

    // This instance's sender alerts event after event: once the later order's texts have gone out,
    // every alert of the agent's own order has too.
    await vi.waitFor(
      async () =>
        expect({ ordering: await textsTo(ordering), rival: await textsTo(rival) }).toEqual({
          ordering: [later],
          rival: [own, later],
        }),
      { timeout: 5_000 },
    );
    const titles = (phone: PushBrowser) => receiver.to(phone).map((push) => (push.payload as { title: string }).title);
    expect(titles(orderingPhone)).toEqual([`Order #${own}: Paid`, `New order in ${lekki.name}`]);
    expect(receiver.to(orderingPhone).map((push) => (push.payload as { tag: string }).tag)).toEqual([
      `order-${own}`,
      `order-${later}`,
    ]);
    expect(titles(rivalPhone)).toEqual([`New order in ${lekki.name}`, `New order in ${lekki.name}`]);
  });

  it('forgets a subscription the push service says is gone', async () => {
    await agentIn(yaba.id);
    const customer = await createUser(t);
    const phone = await subscribe(customer);
    receiver.markGone(phone);
    await walletOrder(customer, yaba.id);
    await settle();
    await vi.waitFor(async () => {
      const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
      expect(rows).toHaveLength(0);
    });
    expect(receiver.to(phone)).toHaveLength(0);
  });
});

describe('sending alerts', () => {
  it('drops events too old to be news', async () => {
    const customer = await createUser(t);
    const phone = await subscribe(customer);
    const [old] = await recordUnannounced([
      {
        type: 'order.updated',
        payload: { id: 1, status: 'delivered' },
        userIds: [customer.user.id],
        createdAt: new Date(Date.now() - ALERT_MAX_AGE_MS - 60_000),
      },
    ]);
    // Waiting in the queue of alerts to send.
    const queued = () => t.db.select().from(eventAlerts).where(eq(eventAlerts.firstEventId, old!.id));
    expect(await queued()).toEqual([{ firstEventId: old!.id, eventIds: [old!.id] }]);
    expect((await settle()).events).toBe(0);
    expect(receiver.to(phone)).toHaveLength(0);
    // Claimed all the same, so no later round looks at it again.
    expect(await queued()).toEqual([]);
  });

  it('sends a round of events across areas and customers to exactly their own recipients', async () => {
    const [inLekki, inYaba] = [await agentIn(lekki.id), await agentIn(yaba.id, { sms_alerts: false })];
    const [amaka, bayo] = [await createUser(t), await createUser(t)];
    const [lekkiPhone, yabaPhone, amakaPhone, bayoPhone] = await Promise.all(
      [inLekki, inYaba, amaka, bayo].map(subscribe),
    );
    const area = (id: number, location: { id: number; name: string }) => ({
      type: 'order.available',
      payload: {
        id,
        location_id: location.id,
        location_name: location.name,
        kind: 'sachet_water',
        product_name: 'Water',
        quantity: 1,
      },
      userIds: [],
      audiences: ['area_agents'],
      locationId: location.id,
      categoryKind: 'sachet_water',
    });
    const paid = (id: number, customer: Actor) => ({
      type: 'order.updated',
      payload: { id, status: 'paid' },
      userIds: [customer.user.id],
    });
    // Written without an announcement, so one settle() finds them all in one round.
    await recordUnannounced([
      area(2_000_001, lekki),
      paid(2_000_001, amaka),
      area(2_000_002, yaba),
      paid(2_000_002, bayo),
      area(2_000_003, lekki),
      paid(2_000_003, amaka),
    ]);
    const sent = await settle();
    expect(sent.events).toBeGreaterThanOrEqual(6);
    const tags = (phone: PushBrowser) => receiver.to(phone).map((push) => (push.payload as { tag: string }).tag);
    await vi.waitFor(() => {
      expect(tags(lekkiPhone!).sort()).toEqual(['order-2000001', 'order-2000003']);
      expect(tags(yabaPhone!)).toEqual(['order-2000002']);
      expect(tags(amakaPhone!).sort()).toEqual(['order-2000001', 'order-2000003']);
      expect(tags(bayoPhone!)).toEqual(['order-2000002']);
    });
    await vi.waitFor(async () => {
      const ours = [inLekki, inYaba].map((agent) => agent.user.phoneNumber.replace(/^\+/, ''));
      const texts = (await smsOutbox(t)).filter((sms) => ours.includes(sms.to) && /#200000[123] /.test(sms.text));
      // The Yaba agent turned SMS off; the Lekki agent is texted each of Lekki's orders (agents of
      // earlier tests serve these areas too, and get their own).
      expect(texts.map((sms) => [sms.to, sms.text.match(/#(\d+) /)?.[1]]).sort()).toEqual([
        [inLekki.user.phoneNumber.replace(/^\+/, ''), '2000001'],
        [inLekki.user.phoneNumber.replace(/^\+/, ''), '2000003'],
      ]);
    });
  });

  it('alerts each event once when two senders run at the same time', async () => {
    const customer = await createUser(t);
    const phone = await subscribe(customer);
    // Written without an announcement, so only the two senders below can find them.
    await recordUnannounced(
      Array.from({ length: 60 }, (_, i) => ({
        type: 'order.updated',
        payload: { id: 1_000_000 + i, status: 'paid' },
        userIds: [customer.user.id],
      })),
    );
    await Promise.all([settle(), settle()]);
    await vi.waitFor(() => expect(receiver.to(phone)).toHaveLength(60));
    expect(await settle()).toEqual({ events: 0, pushes: 0, sms: 0, mails: 0 });
    const tags = receiver.to(phone).map((push) => (push.payload as { tag: string }).tag);
    expect(new Set(tags).size).toBe(60);
  });
});

describe('the agent an order is given to or taken from', () => {
  it('is told by an admin’s dispatch and a cancellation, in the app, by push and SMS; a releasing agent is not offered it again', async () => {
    const area = ajah;
    const holder = await agentIn(area.id);
    const rival = await agentIn(area.id);
    const holderPhone = await subscribe(holder);
    const [holderAgent] = await t.db.select().from(agents).where(eq(agents.userId, holder.user.id));
    const id = await walletOrder(await createUser(t), area.id);
    const textsTo = async (actor: Actor) =>
      (await smsOutbox(t))
        .filter((sms) => sms.to === actor.user.phoneNumber.replace(/^\+/, '') && sms.text.includes(`#${id}`))
        .map((sms) => sms.text);
    const offered = (text: string) => text.startsWith(`Ruwa: new order #${id} `);
    await vi.waitFor(async () => expect((await textsTo(rival)).filter(offered)).toHaveLength(1), { timeout: 5_000 });

    // Taken and given back: the rival is offered it again, the agent who released it is not.
    expect((await call(t, 'POST', '/api/agents/orders/accept', { token: holder.token, body: { id } })).status).toBe(
      200,
    );
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: holder.token,
      body: { id, reason: 'My bike broke down' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await vi.waitFor(async () => expect((await textsTo(rival)).filter(offered)).toHaveLength(2), { timeout: 5_000 });
    await settle();
    expect((await textsTo(holder)).filter(offered)).toHaveLength(1);

    // An admin gives it to them: named, and said to be theirs.
    const assigned = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id, agent_id: holderAgent!.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const dispatched = `Ruwa: An admin assigned you order #${id} in ${area.name}: 3 x ${water.product_name}.`;
    await vi.waitFor(async () => expect(await textsTo(holder)).toContain(dispatched), { timeout: 5_000 });

    // Cancelled while they hold it: do not deliver.
    const cancelled = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id, status: 'cancelled', note: 'The customer called to cancel' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const withdrawn = `Ruwa: Order #${id} (3 x ${water.product_name}) was refunded. Do not deliver it.`;
    await vi.waitFor(async () => expect(await textsTo(holder)).toContain(withdrawn), { timeout: 5_000 });
    await settle();
    expect((await textsTo(rival)).filter((text) => !offered(text))).toEqual([]);

    const inApp = await call(t, 'GET', '/api/notifications/me', { token: holder.token });
    expect(inApp.status).toBe(200);
    const titles = (inApp.body.data.data as { title: string }[]).map((row) => row.title);
    expect(titles).toEqual(
      expect.arrayContaining([`Order #${id} assigned to you`, `Order #${id} refunded: do not deliver`]),
    );
    const pushed = receiver.to(holderPhone).map((push) => (push.payload as { title: string }).title);
    expect(pushed).toEqual([
      `New order in ${area.name}`,
      `Order #${id} assigned to you`,
      `Order #${id} refunded: do not deliver`,
    ]);
  });
});
