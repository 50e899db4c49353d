import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { startPushReceiver, type PushBrowser } from '../../../test/helpers/push-receiver';
import { smsOutbox } from '../../../test/helpers/verification';
import { alertUnacceptedOrders } from '../orders/jobs';
import { orders } from '../orders/schema';
import { credit } from '../wallet/service';
import { sendPendingAlerts } from './alerts';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let onDuty: Actor;
let offDuty: Actor;
let lekki: { id: number; name: string };
let water: { id: number; product_name: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  receiver = await startPushReceiver();
  onDuty = await createAdmin(t);
  offDuty = await createAdmin(t);
  lekki = await createLocation(t, onDuty.token);
  const category = await createCategory(t, onDuty.token, { kind: 'sachet_water' });
  water = await createProduct(t, onDuty.token, {
    product_category: category.id,
    locations: [{ id: lekki.id, product_location_price: 400 }],
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/**
 * Sends what is still queued and waits until `check` passes: on PostgreSQL, the instance's own
 * sender (woken by the announcement) may hold a claimed round that settle() cannot see.
 */
const settle = () => sendPendingAlerts(t.ctx);
const eventually = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 100 });

async function saveAlerts(alerts: Record<string, unknown>, token = onDuty.token) {
  return call(t, 'POST', '/api/admin/settings/update', { token, body: { alerts } });
}

/** A paid order nobody took, made `minutesAgo` old as if it had waited that long. */
async function waitingOrder(minutesAgo: number): Promise<number> {
  const customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 10_000_00,
      type: 'deposit',
      reference: `admin-alerts-seed-${customer.user.id}`,
      description: 'test',
    }),
  );
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: customer.token,
    body: {
      product_id: water.id,
      location_id: lekki.id,
      quantity: 2,
      recipient_address: '12 Admiralty Way, Lekki',
      payment_method: 'wallet',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as number;
  await t.db
    .update(orders)
    .set({ updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(orders.id, id));
  return id;
}

const digits = (actor: Actor) => actor.user.phoneNumber.replace(/^\+/, '');
const textsAbout = async (id: number, actor: Actor) =>
  (await smsOutbox(t)).filter((sms) => sms.to === digits(actor) && sms.text.includes(`#${id} `)).map((s) => s.text);
async function mailsAbout(id: number, actor: Actor) {
  const res = await call(t, 'GET', '/sandbox/mail/messages');
  expect(res.status).toBe(200);
  return (res.body as { to: string; subject: string; text: string }[]).filter(
    (mail) => mail.to === actor.user.email && mail.subject.includes(`#${id} `),
  );
}
async function notificationsAbout(id: number, actor: Actor) {
  const res = await call(t, 'GET', '/api/notifications/me', { token: actor.token, query: { per_page: 100 } });
  expect(res.status).toBe(200);
  return (res.body.data.data as { title: string; description: string }[]).filter((row) =>
    row.title.includes(`#${id} `),
  );
}
const counts = async (actor = onDuty) => {
  const res = await call(t, 'GET', '/api/admin/alerts', { token: actor.token });
  expect(res.status).toBe(200);
  return res.body.data as { unaccepted_orders: number; pending_agents: number };
};

async function subscribe(actor: Actor): Promise<PushBrowser> {
  const browser = receiver.browser();
  const res = await call(t, 'POST', '/api/push/subscriptions', {
    token: actor.token,
    body: { endpoint: browser.endpoint, keys: browser.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return browser;
}

describe('admins on duty', () => {
  it('are chosen in the settings among the active admins, every admin when none is chosen', async () => {
    const listed = await call(t, 'GET', '/api/admin/admins', { token: onDuty.token });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: number }[]).map((admin) => admin.id)).toEqual(
      expect.arrayContaining([onDuty.user.id, offDuty.user.id]),
    );
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/admins', { token: customer.token })).status).toBe(403);

    const notAnAdmin = await saveAlerts({ on_duty_admin_ids: [onDuty.user.id, customer.user.id] });
    expect(notAnAdmin.status).toBe(422);
    expect(notAnAdmin.body.errors['alerts.on_duty_admin_ids']).toEqual(['Choose admins from the list.']);
    const bad = await saveAlerts({ on_duty_admin_ids: ['me'] });
    expect(bad.status).toBe(422);

    const saved = await saveAlerts({ on_duty_admin_ids: [onDuty.user.id, onDuty.user.id] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.alerts).toEqual({ unaccepted_order_minutes: 15, on_duty_admin_ids: [onDuty.user.id] });
  });
});

describe('an order no agent took in time', () => {
  it('alerts every admin in the app and by push, and texts and e-mails only the admins on duty, once', async () => {
    expect((await saveAlerts({ on_duty_admin_ids: [onDuty.user.id], unaccepted_order_minutes: 15 })).status).toBe(200);
    const [dutyPhone, otherPhone] = [await subscribe(onDuty), await subscribe(offDuty)];
    const before = (await counts()).unaccepted_orders;
    const fresh = await waitingOrder(5);
    const id = await waitingOrder(20);
    expect((await counts()).unaccepted_orders).toBe(before + 1);

    expect(await alertUnacceptedOrders(t.ctx)).toBeGreaterThanOrEqual(1);
    await settle();
    const description = `No agent has accepted order #${id} in ${lekki.name} after 15 minutes. Assign it to an agent.`;
    await eventually(async () => {
      for (const admin of [onDuty, offDuty])
        expect(await notificationsAbout(id, admin)).toEqual([
          expect.objectContaining({ title: `Order #${id} is waiting for an agent`, description }),
        ]);
      expect(await mailsAbout(id, onDuty)).toHaveLength(1);
    });
    await vi.waitFor(() => {
      for (const phone of [dutyPhone, otherPhone])
        expect(receiver.to(phone).map((push) => push.payload)).toContainEqual({
          title: `Order #${id} is waiting for an agent`,
          body: 'Open Ruwa to assign it.',
          url: `/admin/orders?id=${id}`,
          tag: `order-${id}`,
        });
      // A push goes out through the alert queue after the commit: on a busy machine that takes more
      // than waitFor's default second.
    }, 10_000);
    expect(await textsAbout(id, onDuty)).toEqual([
      `Ruwa: order #${id} in ${lekki.name} has waited 15 minutes for an agent. Assign it in Orders.`,
    ]);
    const [mail] = await mailsAbout(id, onDuty);
    expect(mail?.subject).toBe(`Order #${id} is waiting for an agent`);
    expect(mail?.text).toContain(description);
    expect(mail?.text).toContain(`/admin/orders?id=${id}`);
    expect(await textsAbout(id, offDuty)).toEqual([]);
    expect(await mailsAbout(id, offDuty)).toEqual([]);
    // The order still waiting for less than the alert time is not alerted.
    expect(await notificationsAbout(fresh, onDuty)).toEqual([]);

    // Later runs of the job do not alert it again.
    expect(await alertUnacceptedOrders(t.ctx)).toBe(0);
    await settle();
    expect(await notificationsAbout(id, offDuty)).toHaveLength(1);
    expect(await textsAbout(id, onDuty)).toHaveLength(1);
    expect(await mailsAbout(id, onDuty)).toHaveLength(1);

    // Taken: it leaves the badge's count.
    await t.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.id, [id, fresh]));
    expect((await counts()).unaccepted_orders).toBe(before);
  });

  it('texts every admin when the settings name nobody on duty', async () => {
    expect((await saveAlerts({ on_duty_admin_ids: [] })).status).toBe(200);
    const id = await waitingOrder(30);
    await alertUnacceptedOrders(t.ctx);
    await settle();
    await eventually(async () => {
      for (const admin of [onDuty, offDuty]) {
        expect(await textsAbout(id, admin)).toHaveLength(1);
        expect(await mailsAbout(id, admin)).toHaveLength(1);
      }
    });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
  });

  it('is alerted once when two instances run the job and send alerts at the same time', async () => {
    expect((await saveAlerts({ on_duty_admin_ids: [onDuty.user.id] })).status).toBe(200);
    const ids = [await waitingOrder(25), await waitingOrder(25), await waitingOrder(25)];
    const recorded = await Promise.all([alertUnacceptedOrders(t.ctx), alertUnacceptedOrders(t.ctx)]);
    expect(recorded[0] + recorded[1]).toBe(3);
    await Promise.all([settle(), settle()]);
    await Promise.all([alertUnacceptedOrders(t.ctx), alertUnacceptedOrders(t.ctx), settle()]);
    await settle();
    const alertsOf = async (id: number) => [
      (await notificationsAbout(id, onDuty)).length,
      (await notificationsAbout(id, offDuty)).length,
      (await textsAbout(id, onDuty)).length,
      (await mailsAbout(id, onDuty)).length,
    ];
    await eventually(async () => {
      for (const id of ids) expect(await alertsOf(id)).toEqual([1, 1, 1, 1]);
    });
    // Nothing left for a late sender to send twice.
    expect(await settle()).toEqual({ events: 0, pushes: 0, sms: 0, mails: 0 });
    for (const id of ids) expect(await alertsOf(id)).toEqual([1, 1, 1, 1]);
    await t.db.update(orders).set({ status: 'cancelled' }).where(inArray(orders.id, ids));
  });
});

describe('an agent application', () => {
  it('reaches every admin in the app and counts on the Agents badge; nobody is texted', async () => {
    const before = await counts(offDuty);
    const applicant = await createUser(t);
    const applied = await call(t, 'POST', '/api/agents/store', {
      token: applicant.token,
      body: { agent_name: 'Mama Nkechi Gas', agent_email: applicant.user.email },
    });
    expect(applied.status).toBe(201);
    expect((await counts(offDuty)).pending_agents).toBe(before.pending_agents + 1);
    await settle();
    await eventually(async () => {
      for (const admin of [onDuty, offDuty]) {
        const res = await call(t, 'GET', '/api/notifications/me', { token: admin.token });
        expect(res.body.data.data[0]).toMatchObject({
          title: 'New agent application',
          description: 'Mama Nkechi Gas applied to become an agent. Review the application in Agents.',
        });
      }
    });
    expect((await call(t, 'GET', '/api/notifications/me', { token: applicant.token })).body.data.data).toEqual([]);
    expect((await smsOutbox(t)).filter((sms) => sms.text.includes('Mama Nkechi'))).toEqual([]);

    const decided = await call(t, 'POST', '/api/agents/update-status', {
      token: onDuty.token,
      body: { id: applied.body.data.id, status: 'approved' },
    });
    expect(decided.status).toBe(200);
    expect((await counts(offDuty)).pending_agents).toBe(before.pending_agents);
  });
});
