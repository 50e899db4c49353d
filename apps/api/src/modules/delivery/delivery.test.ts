import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_CODE_TRIES } from '@ruwa/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { smsOutbox } from '../../../test/helpers/verification';
import { auditLog } from '../audit/schema';
import { liveEvents } from '../events/schema';
import { deliveryCodesDue, orders } from '../orders/schema';
import { claimUnsentDeliveryCodes, DELIVERY_CODES_PER_CLAIM, releaseDeliveryCodes } from '../orders/queries';
import { sendDeliveryCodes } from './service';
import { smsOutbox as sentSms } from '../../platform/sms/schema';
import { credit, inconsistentWallets } from '../wallet/service';
import { ledgerEntries } from '../wallet/schema';
import { agentCommissions } from '../agents/schema';

let t: TestApp;
let admin: Actor;
let lekki: { id: number };
let yaba: { id: number };
let sachet: { id: number };
const PRICE = 400;

type PlacedOrder = { id: number; delivery_code: string; order_amount: number };
type Agent = Actor & { agentId: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  lekki = await createLocation(t, admin.token);
  yaba = await createLocation(t, admin.token);
  const water = await createCategory(t, admin.token, { kind: 'sachet_water' });
  sachet = await createProduct(t, admin.token, {
    product_category: water.id,
    locations: [
      { id: lekki.id, product_location_price: PRICE },
      { id: yaba.id, product_location_price: PRICE },
    ],
  });
});
afterAll(() => t.close());

async function approvedAgent(locationId: number, name = 'Iya Basira Water'): Promise<Agent> {
  const actor = await createUser(t, { firstName: 'Basira' });
  const applied = await call(t, 'POST', '/api/agents/store', {
    token: actor.token,
    body: { agent_name: name, agent_email: actor.user.email, agent_phone: '08035550101' },
  });
  expect(applied.status).toBe(201);
  const agentId = applied.body.data.id as number;
  await call(t, 'POST', '/api/agents/update-status', { token: admin.token, body: { id: agentId, status: 'approved' } });
  const set = await call(t, 'POST', '/api/agents/update', {
    token: actor.token,
    body: { location_id: locationId, sells_sachet_water: true },
  });
  expect(set.status).toBe(200);
  return { ...actor, agentId };
}

async function customerWithWallet(naira = 100_000) {
  const customer = await createUser(t, { firstName: 'Ada' });
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `seed-${customer.user.id}`,
      description: 'test',
    }),
  );
  return customer;
}

async function paidOrder(locationId = lekki.id, customer?: Actor, recipient: Record<string, string> = {}) {
  const buyer = customer ?? (await customerWithWallet());
  const res = await call(t, 'POST', '/api/product-order/store', {
    token: buyer.token,
    body: {
      product_id: sachet.id,
      location_id: locationId,
      quantity: 2,
      recipient_address: '5 Bourdillon Road, Ikoyi',
      payment_method: 'wallet',
      ...recipient,
    },
  });
  expect(res.status).toBe(201);
  return { customer: buyer, order: res.body.data as PlacedOrder };
}

const accept = (agent: Actor, id: number) =>
  call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id } });
const move = (agent: Actor, id: number, status: string, deliveryCode?: string) =>
  call(t, 'POST', '/api/agents/orders/update-status', {
    token: agent.token,
    body: { id, status, ...(deliveryCode === undefined ? {} : { delivery_code: deliveryCode }) },
  });
const balance = async (actor: Actor) =>
  (await call(t, 'GET', '/api/wallet/me', { token: actor.token })).body.data.balance as number;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsAbout = async (id: number) =>
  (await t.db.select().from(liveEvents)).filter((e) => (e.payload as { id?: number }).id === id);
/** A code that is not this one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function outForDelivery(locationId = lekki.id) {
  const agent = await approvedAgent(locationId);
  const placed = await paidOrder(locationId);
  expect((await accept(agent, placed.order.id)).status).toBe(200);
  expect((await move(agent, placed.order.id, 'out_for_delivery')).status).toBe(200);
  return { agent, ...placed };
}

describe('proof of delivery', () => {
  it('every order has a 4-digit code that only its customer is shown', async () => {
    const { agent, customer, order } = await outForDelivery();
    expect(order.delivery_code).toMatch(/^\d{4}$/);
    const shown = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(shown.body.data.delivery_code).toBe(order.delivery_code);
    const mine = await call(t, 'GET', '/api/product-order/me', { token: customer.token });
    expect(mine.body.data.data[0]).toMatchObject({ id: order.id, delivery_code: order.delivery_code });

    const held = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'mine' } });
    expect(held.body.data.data[0].id).toBe(order.id);
    expect(held.body.data.data[0]).not.toHaveProperty('delivery_code');
    const asAdmin = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: order.id } });
    expect(asAdmin.body.data).not.toHaveProperty('delivery_code');
    const list = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { per_page: 100 } });
    expect(list.body.data.data.find((o: { id: number }) => o.id === order.id)).not.toHaveProperty('delivery_code');
    // Another customer cannot read it at all.
    const stranger = await createUser(t);
    expect(
      (await call(t, 'GET', '/api/product-order/show', { token: stranger.token, query: { id: order.id } })).status,
    ).toBe(404);

    // Drawn at random: twelve orders do not all share one code.
    const codes = new Set<string>([order.delivery_code]);
    for (let i = 0; i < 11; i++) codes.add((await paidOrder()).order.delivery_code);
    expect(codes.size).toBeGreaterThan(1);
  });

  it('is texted to the customer once when the order is paid', async () => {
    const { customer, order } = await paidOrder();
    await sendDeliveryCodes(t.ctx);
    const to = customer.user.phoneNumber.replace(/^\+/, '');
    const texts = (await smsOutbox(t)).filter((m) => m.to === to);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(`order #${order.id}`);
    expect(texts[0]!.text).toContain(order.delivery_code);
    await sendDeliveryCodes(t.ctx);
    expect((await smsOutbox(t)).filter((m) => m.to === to)).toHaveLength(1);
  });

  it('texts every waiting code in one run, however many orders are waiting', async () => {
    const customer = await customerWithWallet();
    const placed: number[] = [];
    // More than one claim's worth (50).
    for (let i = 0; i < 53; i++) placed.push((await paidOrder(lekki.id, customer)).order.id);
    // One claim takes no more than its limit; released again, they are texted below.
    const claimed = await claimUnsentDeliveryCodes(t.db, new Date(Date.now() - 86_400_000));
    expect(claimed).toHaveLength(DELIVERY_CODES_PER_CLAIM);
    await releaseDeliveryCodes(
      t.db,
      claimed.map((order) => order.id),
    );
    expect(await sendDeliveryCodes(t.ctx)).toBeGreaterThanOrEqual(53);
    expect(await t.db.select().from(deliveryCodesDue).where(inArray(deliveryCodesDue.orderId, placed))).toEqual([]);
    const to = customer.user.phoneNumber.replace(/^\+/, '');
    const texts = await t.db.select().from(sentSms).where(eq(sentSms.to, to));
    expect(texts.map((text) => Number(text.text.match(/order #(\d+)/)?.[1])).sort((a, b) => a - b)).toEqual(placed);
  });

  it('claims each code once when two senders claim at the same time', async () => {
    const customer = await customerWithWallet();
    const placed: number[] = [];
    for (let i = 0; i < 6; i++) placed.push((await paidOrder(lekki.id, customer)).order.id);
    const since = new Date(Date.now() - 86_400_000);
    const [first, second] = await Promise.all([
      claimUnsentDeliveryCodes(t.db, since),
      claimUnsentDeliveryCodes(t.db, since),
    ]);
    const claimed = [...first, ...second].map((order) => order.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toEqual(expect.arrayContaining(placed));
    expect(await claimUnsentDeliveryCodes(t.db, since)).toEqual([]);
  });

  it('stops at an SMS outage without retrying in a loop, and sends the codes on a later run', async () => {
    const { customer, order } = await paidOrder();
    const fault = (mode: string) => call(t, 'POST', '/sandbox/faults', { body: { provider: 'sms', mode } });
    expect((await fault('error_5xx')).status).toBe(200);
    try {
      expect(await sendDeliveryCodes(t.ctx)).toBe(0);
    } finally {
      await fault('none');
    }
    const to = customer.user.phoneNumber.replace(/^\+/, '');
    expect((await smsOutbox(t)).filter((m) => m.to === to)).toEqual([]);
    // Its code is queued again for the next run.
    expect(await t.db.select().from(deliveryCodesDue).where(eq(deliveryCodesDue.orderId, order.id))).toEqual([
      { orderId: order.id },
    ]);
    await sendDeliveryCodes(t.ctx);
    expect((await smsOutbox(t)).filter((m) => m.to === to).map((m) => m.text)).toEqual([
      expect.stringContaining(`order #${order.id} `),
    ]);
  });

  it('delivering needs the code: missing or wrong is 422 on delivery_code; no commission until it is right', async () => {
    const { agent, order } = await outForDelivery();
    const missing = await move(agent, order.id, 'delivered');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.delivery_code[0]).toMatch(/required/);
    const wrong = await move(agent, order.id, 'delivered', wrongCode(order.delivery_code));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.delivery_code).toEqual([
      `That delivery code is wrong. ${DELIVERY_CODE_TRIES - 1} tries left.`,
    ]);
    expect((await orderRow(order.id)).status).toBe('out_for_delivery');
    expect(await t.db.select().from(agentCommissions).where(eq(agentCommissions.orderId, order.id))).toEqual([]);
    expect(await balance(agent)).toBe(0);

    const right = await move(agent, order.id, 'delivered', order.delivery_code);
    expect(right.status).toBe(200);
    expect(right.body.data.status).toBe('delivered');
    // 5% of 2 x N400.
    expect(await balance(agent)).toBe(40);
    expect(await t.db.select().from(agentCommissions).where(eq(agentCommissions.orderId, order.id))).toHaveLength(1);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it(`locks after ${DELIVERY_CODE_TRIES} wrong codes; then only an admin confirms, with a written reason, audited`, async () => {
    const { agent, order } = await outForDelivery();
    for (let i = 0; i < DELIVERY_CODE_TRIES; i++) {
      expect((await move(agent, order.id, 'delivered', wrongCode(order.delivery_code))).status).toBe(422);
    }
    const locked = await move(agent, order.id, 'delivered', order.delivery_code);
    expect(locked.status).toBe(422);
    expect(locked.body.errors.delivery_code[0]).toMatch(/locked/);
    expect((await orderRow(order.id)).status).toBe('out_for_delivery');

    // Shown as locked to the agent and to admins, who can list the locked ones; each wrong try is in its history.
    const held = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'mine' } });
    expect(held.body.data.data.find((o: { id: number }) => o.id === order.id)).toMatchObject({ delivery_locked: true });
    const listed = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { locked: 'true' } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.map((o: { id: number }) => o.id)).toContain(order.id);
    expect(listed.body.data.data.every((o: { delivery_locked: boolean }) => o.delivery_locked)).toBe(true);
    expect((await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { locked: 'yes' } })).status).toBe(
      422,
    );
    const shown = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: order.id } });
    expect(
      shown.body.data.history.filter((h: { note: string | null }) => h.note?.startsWith('Wrong delivery code')),
    ).toEqual(
      Array.from({ length: DELIVERY_CODE_TRIES }, (_, i) =>
        expect.objectContaining({
          status: 'out_for_delivery',
          from_status: 'out_for_delivery',
          actor: 'agent',
          note: `Wrong delivery code (${i + 1} of ${DELIVERY_CODE_TRIES})${i + 1 === DELIVERY_CODE_TRIES ? ': delivery locked' : ''}`,
        }),
      ),
    );

    const noReason = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: order.id, status: 'delivered' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.note).toBeDefined();
    const confirmed = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: order.id, status: 'delivered', note: 'Customer called support: received, lost the SMS' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('delivered');
    expect(confirmed.body.data.history.at(-1)).toMatchObject({
      status: 'delivered',
      actor: 'admin',
      note: 'Confirmed without the code: Customer called support: received, lost the SMS',
    });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'order.delivery_confirmed_without_code'), eq(auditLog.entityId, String(order.id))),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ reason: 'Customer called support: received, lost the SMS' });
    // The agent who carried it is paid as for a coded delivery.
    expect(await balance(agent)).toBe(40);
  });
});

describe('cancellations', () => {
  it('the customer cancels before out-for-delivery: wallet refunded at once, once; history, notice, agent told', async () => {
    const agent = await approvedAgent(lekki.id);
    const customer = await customerWithWallet(10_000);
    const { order } = await paidOrder(lekki.id, customer);
    expect(await balance(customer)).toBe(10_000 - 2 * PRICE);
    expect((await accept(agent, order.id)).status).toBe(200);

    const res = await call(t, 'POST', '/api/product-order/cancel', { token: customer.token, body: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your order has been cancelled and the money is back in your wallet');
    expect(res.body.data.status).toBe('refunded');
    expect(res.body.data.history.slice(-2)).toEqual([
      expect.objectContaining({ from_status: 'assigned', status: 'cancelled', actor: 'customer' }),
      expect.objectContaining({ from_status: 'cancelled', status: 'refunded', actor: 'system' }),
    ]);
    expect(await balance(customer)).toBe(10_000);
    const again = await call(t, 'POST', '/api/product-order/cancel', { token: customer.token, body: { id: order.id } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This order was already cancelled');
    expect(await balance(customer)).toBe(10_000);
    const refunds = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.type, 'refund'), eq(ledgerEntries.reference, `order:${order.id}`)));
    expect(refunds).toHaveLength(1);

    const notes = await call(t, 'GET', '/api/notifications/me', { token: customer.token });
    expect(notes.body.data.data[0].title).toBe(`Order #${order.id}: Cancelled`);
    const told = (await eventsAbout(order.id)).filter(
      (e) => e.type === 'order.updated' && (e.payload as { status: string }).status === 'refunded',
    );
    expect(told.some((e) => e.agentIds.includes(agent.agentId))).toBe(true);
    // The agent no longer holds anything to deliver.
    expect((await move(agent, order.id, 'out_for_delivery')).status).toBe(409);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('a wallet-paid order is refunded to the wallet only: 422 on refund_to card, nothing changes', async () => {
    const { customer, order } = await paidOrder();
    const res = await call(t, 'POST', '/api/product-order/cancel', {
      token: customer.token,
      body: { id: order.id, refund_to: 'card' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.refund_to).toEqual(['Paid from the wallet: the refund goes back to the wallet.']);
    expect((await orderRow(order.id)).status).toBe('paid');
    const bad = await call(t, 'POST', '/api/product-order/cancel', {
      token: customer.token,
      body: { id: order.id, refund_to: 'bank' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.refund_to).toEqual(['Choose wallet or card.']);
  });

  it('not once out for delivery, and never someone else’s order', async () => {
    const { customer, order } = await outForDelivery();
    const late = await call(t, 'POST', '/api/product-order/cancel', { token: customer.token, body: { id: order.id } });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already out for delivery/);
    const other = await paidOrder();
    const thief = await call(t, 'POST', '/api/product-order/cancel', {
      token: customer.token,
      body: { id: other.order.id },
    });
    expect(thief.status).toBe(404);
    expect((await orderRow(other.order.id)).status).toBe('paid');
  });

  it('an admin cancels any undelivered order with a reason (audited); never a delivered one', async () => {
    const { customer, order, agent } = await outForDelivery();
    const before = await balance(customer);
    const noReason = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: order.id, status: 'cancelled' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.note).toBeDefined();
    const res = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: order.id, status: 'cancelled', note: 'Customer moved away' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('refunded');
    expect(await balance(customer)).toBe(before + 2 * PRICE);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.cancel'), eq(auditLog.entityId, String(order.id))));
    expect(audited[0]!.after).toMatchObject({ reason: 'Customer moved away' });
    expect((await move(agent, order.id, 'delivered', order.delivery_code)).status).toBe(409);

    const done = await outForDelivery();
    expect((await move(done.agent, done.order.id, 'delivered', done.order.delivery_code)).status).toBe(200);
    const refused = await call(t, 'POST', '/api/admin/orders/update-status', {
      token: admin.token,
      body: { id: done.order.id, status: 'cancelled', note: 'Too late for this' },
    });
    expect(refused.status).toBe(409);
  });
});

describe('dispatch', () => {
  it('an admin assigns a paid order to a named agent and reassigns it; the picker shows open load', async () => {
    const first = await approvedAgent(yaba.id, 'Yaba Water One');
    const second = await approvedAgent(yaba.id, 'Yaba Water Two');
    const elsewhere = await approvedAgent(lekki.id, 'Lekki Water');
    const { order, customer } = await paidOrder(yaba.id);
    const busy = await paidOrder(yaba.id);
    expect((await accept(second, busy.order.id)).status).toBe(200);

    const picker = await call(t, 'GET', '/api/admin/orders/agents', { token: admin.token, query: { id: order.id } });
    expect(picker.status).toBe(200);
    const names = picker.body.data.map((a: { business_name: string }) => a.business_name);
    expect(names).toContain('Yaba Water One');
    expect(names).not.toContain('Lekki Water');
    expect(picker.body.data.find((a: { id: number }) => a.id === second.agentId).open_orders).toBe(1);
    expect(picker.body.data.find((a: { id: number }) => a.id === first.agentId).open_orders).toBe(0);

    const wrongArea = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order.id, agent_id: elsewhere.agentId },
    });
    expect(wrongArea.status).toBe(422);
    expect(wrongArea.body.errors.agent_id[0]).toMatch(/does not deliver/);
    const unknown = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order.id, agent_id: 999_999 },
    });
    expect(unknown.status).toBe(422);

    const assigned = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order.id, agent_id: first.agentId },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({
      status: 'assigned',
      assigned_agent_id: first.agentId,
      agent: expect.objectContaining({ business_name: 'Yaba Water One' }),
    });
    const firstHolds = await call(t, 'GET', '/api/agents/me/orders', { token: first.token, query: { scope: 'mine' } });
    expect(firstHolds.body.data.data.map((o: { id: number }) => o.id)).toContain(order.id);

    const reassigned = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order.id, agent_id: second.agentId },
    });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data.assigned_agent_id).toBe(second.agentId);
    const firstNow = await call(t, 'GET', '/api/agents/me/orders', { token: first.token, query: { scope: 'mine' } });
    expect(firstNow.body.data.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect((await move(first, order.id, 'out_for_delivery')).status).toBe(404);
    // The first agent heard it left them.
    const toFirst = (await eventsAbout(order.id)).filter((e) => e.agentIds.includes(first.agentId));
    expect(toFirst.length).toBeGreaterThanOrEqual(2);
    // Shown to the admin on the list too, and to the customer.
    const list = await call(t, 'GET', '/api/admin/orders', { token: admin.token, query: { per_page: 100 } });
    expect(list.body.data.data.find((o: { id: number }) => o.id === order.id).agent.business_name).toBe(
      'Yaba Water Two',
    );
    const seen = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(seen.body.data.agent.business_name).toBe('Yaba Water Two');

    // Once out for delivery it can no longer be moved.
    expect((await move(second, order.id, 'out_for_delivery')).status).toBe(200);
    const late = await call(t, 'POST', '/api/admin/orders/assign', {
      token: admin.token,
      body: { id: order.id, agent_id: first.agentId },
    });
    expect(late.status).toBe(409);
  });

  it('an agent releases an accepted order with a reason before setting off; the area is offered it again', async () => {
    const agent = await approvedAgent(lekki.id);
    const other = await approvedAgent(lekki.id);
    const { order } = await paidOrder();
    expect((await accept(agent, order.id)).status).toBe(200);
    const noReason = await call(t, 'POST', '/api/agents/orders/release', {
      token: agent.token,
      body: { id: order.id },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    const notTheirs = await call(t, 'POST', '/api/agents/orders/release', {
      token: other.token,
      body: { id: order.id, reason: 'Not mine to give' },
    });
    expect(notTheirs.status).toBe(404);
    const before = (await eventsAbout(order.id)).length;
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: agent.token,
      body: { id: order.id, reason: 'My bike broke down' },
    });
    expect(released.status).toBe(200);
    expect(released.body.data.status).toBe('paid');
    expect(released.body.data.history.at(-1).note).toBe('Released by the agent: My bike broke down');
    const offered = (await eventsAbout(order.id)).slice(before).find((e) => e.type === 'order.available');
    expect(offered).toMatchObject({ audiences: ['area_agents'], locationId: lekki.id });
    const open = await call(t, 'GET', '/api/agents/me/orders', {
      token: other.token,
      query: { scope: 'open', per_page: 100 },
    });
    expect(open.body.data.data.map((o: { id: number }) => o.id)).toContain(order.id);

    expect((await accept(other, order.id)).status).toBe(200);
    expect((await move(other, order.id, 'out_for_delivery')).status).toBe(200);
    const tooLate = await call(t, 'POST', '/api/agents/orders/release', {
      token: other.token,
      body: { id: order.id, reason: 'Changed my mind' },
    });
    expect(tooLate.status).toBe(409);
  });

  it('suspending an agent returns their undelivered orders to open and alerts admins', async () => {
    const agent = await approvedAgent(yaba.id);
    const accepted = await paidOrder(yaba.id);
    const carrying = await paidOrder(yaba.id);
    const delivered = await paidOrder(yaba.id);
    for (const { order } of [accepted, carrying, delivered]) expect((await accept(agent, order.id)).status).toBe(200);
    for (const { order } of [carrying, delivered])
      expect((await move(agent, order.id, 'out_for_delivery')).status).toBe(200);
    expect((await move(agent, delivered.order.id, 'delivered', delivered.order.delivery_code)).status).toBe(200);

    const res = await call(t, 'POST', '/api/agents/update-status', {
      token: admin.token,
      body: { id: agent.agentId, status: 'suspended', note: 'Complaints' },
    });
    expect(res.status).toBe(200);
    for (const { order } of [accepted, carrying]) {
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', assignedAgentId: null });
    }
    expect((await orderRow(delivered.order.id)).status).toBe('delivered');
    const alerts = (await t.db.select().from(liveEvents)).filter((e) => e.type === 'orders.returned');
    expect(alerts.at(-1)).toMatchObject({
      audiences: ['admins'],
      payload: { agent_id: agent.agentId, order_ids: [accepted.order.id, carrying.order.id] },
    });
  });
});

describe('who sees whose contact', () => {
  it('once assigned: the customer sees the agent, the agent sees the customer; nobody else sees either', async () => {
    const agent = await approvedAgent(lekki.id, 'Mama Ada Water');
    const bystander = await approvedAgent(lekki.id, 'Bystander Water');
    const { customer, order } = await paidOrder();

    const before = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(before.body.data.agent).toBeNull();
    const openList = await call(t, 'GET', '/api/agents/me/orders', {
      token: bystander.token,
      query: { scope: 'open', per_page: 100 },
    });
    const listed = openList.body.data.data.find((o: { id: number }) => o.id === order.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('customer_contact');

    const accepted = await accept(agent, order.id);
    expect(accepted.body.data.customer_contact).toEqual({
      first_name: 'Ada',
      phone_number: expect.stringMatching(/^0\d{10}$/),
      address: '5 Bourdillon Road, Ikoyi',
      landmark: null,
    });
    const mine = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'mine' } });
    expect(mine.body.data.data[0].customer_contact.first_name).toBe('Ada');

    const seen = await call(t, 'GET', '/api/product-order/show', { token: customer.token, query: { id: order.id } });
    expect(seen.body.data.agent).toEqual({
      id: agent.agentId,
      business_name: 'Mama Ada Water',
      first_name: 'Basira',
      phone_number: '08035550101',
    });
    const listedToCustomer = await call(t, 'GET', '/api/product-order/me', { token: customer.token });
    expect(listedToCustomer.body.data.data[0].agent.phone_number).toBe('08035550101');

    // The bystander agent sees neither the order among theirs nor any contact.
    const bystanderMine = await call(t, 'GET', '/api/agents/me/orders', {
      token: bystander.token,
      query: { scope: 'mine' },
    });
    expect(bystanderMine.body.data.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
    const bystanderOpen = await call(t, 'GET', '/api/agents/me/orders', {
      token: bystander.token,
      query: { scope: 'open', per_page: 100 },
    });
    expect(bystanderOpen.body.data.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect(
      (
        await call(t, 'POST', '/api/agents/orders/release', {
          token: bystander.token,
          body: { id: order.id, reason: 'Peeking at it' },
        })
      ).status,
    ).toBe(404);
    // Another customer: 404, nothing of either.
    const stranger = await createUser(t);
    const peek = await call(t, 'GET', '/api/product-order/show', { token: stranger.token, query: { id: order.id } });
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain('08035550101');
  });
});

describe('where an order goes and whom to call', () => {
  const recipient = {
    recipient_phone: '0812 555 0199',
    landmark: 'Opposite the church, blue gate',
    recipient_address: '14 Glover Road, Ikoyi',
  };
  const secrets = ['Glover Road', '08125550199', '+2348125550199', 'blue gate'];
  const leaks = (body: unknown) => secrets.filter((secret) => JSON.stringify(body).includes(secret));

  it('open orders show the area only; the agent who accepts sees the recipient phone and landmark', async () => {
    const agent = await approvedAgent(lekki.id);
    const bystander = await approvedAgent(lekki.id, 'Bystander Water');
    const { order } = await paidOrder(lekki.id, undefined, recipient);

    const open = await call(t, 'GET', '/api/agents/me/orders', {
      token: agent.token,
      query: { scope: 'open', per_page: 100 },
    });
    const listed = open.body.data.data.find((o: { id: number }) => o.id === order.id);
    expect(listed).toMatchObject({ location_name: expect.any(String), recipient_address: null, landmark: null });
    expect(leaks(open.body)).toEqual([]);

    const accepted = await accept(agent, order.id);
    expect(accepted.body.data.customer_contact).toEqual({
      first_name: 'Ada',
      // The number given for this delivery, not the account's.
      phone_number: '08125550199',
      address: '14 Glover Road, Ikoyi',
      landmark: 'Opposite the church, blue gate',
    });
    const mine = await call(t, 'GET', '/api/agents/me/orders', { token: agent.token, query: { scope: 'mine' } });
    expect(mine.body.data.data.find((o: { id: number }) => o.id === order.id).customer_contact.phone_number).toBe(
      '08125550199',
    );

    // Every way another agent could look: the open list, their own orders, their deliveries, the dashboard.
    for (const [path, query] of [
      ['/api/agents/me/orders', { scope: 'open', per_page: 100 }],
      ['/api/agents/me/orders', { scope: 'mine', per_page: 100 }],
      ['/api/agents/me/transactions', { per_page: 100 }],
      ['/api/agents/me/dashboard', {}],
    ] as const) {
      const seen = await call(t, 'GET', path, { token: bystander.token, query });
      expect(seen.status, path).toBe(200);
      expect(leaks(seen.body), path).toEqual([]);
    }
    expect((await accept(bystander, order.id)).status).toBe(409);
  });

  it('an agent who releases an order no longer sees whom it is for', async () => {
    const agent = await approvedAgent(lekki.id);
    const { order } = await paidOrder(lekki.id, undefined, recipient);
    expect((await accept(agent, order.id)).status).toBe(200);
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: agent.token,
      body: { id: order.id, reason: 'My bike broke down' },
    });
    expect(released.status).toBe(200);
    expect(released.body.data).not.toHaveProperty('customer_contact');
    expect(leaks(released.body)).toEqual([]);
    const open = await call(t, 'GET', '/api/agents/me/orders', {
      token: agent.token,
      query: { scope: 'open', per_page: 100 },
    });
    expect(open.body.data.data.map((o: { id: number }) => o.id)).toContain(order.id);
    expect(leaks(open.body)).toEqual([]);
  });
});

describe('once the job is done', () => {
  const recipient = {
    recipient_phone: '0812 555 0142',
    landmark: 'Behind the filling station',
    recipient_address: '22 Awolowo Road, Ikoyi',
  };
  const secrets = ['Awolowo Road', '08125550142', '+2348125550142', 'filling station'];
  const leaks = (body: unknown) => secrets.filter((secret) => JSON.stringify(body).includes(secret));

  it('a delivered order no longer tells its agent whom it was for or where: every agent read', async () => {
    const agent = await approvedAgent(lekki.id, 'Done Water');
    const { order } = await paidOrder(lekki.id, undefined, recipient);
    expect((await accept(agent, order.id)).status).toBe(200);
    const out = await move(agent, order.id, 'out_for_delivery');
    expect(out.body.data.customer_contact.address).toBe('22 Awolowo Road, Ikoyi');

    const delivered = await move(agent, order.id, 'delivered', order.delivery_code);
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.status).toBe('delivered');
    expect(delivered.body.data).not.toHaveProperty('customer_contact');
    expect(delivered.body.data).toMatchObject({ recipient_address: null, recipient_phone: null, landmark: null });
    expect(leaks(delivered.body)).toEqual([]);
    for (const [path, query] of [
      ['/api/agents/me/orders', { scope: 'mine', per_page: 100 }],
      ['/api/agents/me/transactions', { per_page: 100 }],
    ] as const) {
      const seen = await call(t, 'GET', path, { token: agent.token, query });
      const row = seen.body.data.data.find((o: { id: number }) => o.id === order.id);
      expect(row, path).toMatchObject({ status: 'delivered', recipient_address: null });
      expect(leaks(seen.body), path).toEqual([]);
    }
    // Admins still read the whole order.
    const shown = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: order.id } });
    expect(shown.body.data.recipient_address).toBe('22 Awolowo Road, Ikoyi');
  });

  it('a cancelled order the agent held shows them its area only', async () => {
    const agent = await approvedAgent(lekki.id, 'Cancelled On Water');
    const { customer, order } = await paidOrder(lekki.id, undefined, recipient);
    expect((await accept(agent, order.id)).status).toBe(200);
    const cancelled = await call(t, 'POST', '/api/product-order/cancel', {
      token: customer.token,
      body: { id: order.id },
    });
    expect(cancelled.status).toBe(200);
    const mine = await call(t, 'GET', '/api/agents/me/transactions', { token: agent.token, query: { per_page: 100 } });
    expect(leaks(mine.body)).toEqual([]);
  });

  it('the status history names the agent who took the order and who delivered it, for the customer and admins', async () => {
    const taker = await approvedAgent(lekki.id, 'First Taker Water');
    const deliverer = await approvedAgent(lekki.id, 'Deliverer Water');
    const { customer, order } = await paidOrder();
    expect((await accept(taker, order.id)).status).toBe(200);
    const released = await call(t, 'POST', '/api/agents/orders/release', {
      token: taker.token,
      body: { id: order.id, reason: 'Out of stock' },
    });
    expect(released.status).toBe(200);
    expect((await accept(deliverer, order.id)).status).toBe(200);
    expect((await move(deliverer, order.id, 'out_for_delivery')).status).toBe(200);
    const done = await move(deliverer, order.id, 'delivered', order.delivery_code);
    expect(done.status).toBe(200);

    const moves = (history: { status: string; actor: string; actor_name: string | null }[]) =>
      history.map(({ status, actor, actor_name }) => [status, actor, actor_name]);
    const expected = [
      ['paid', 'customer', null],
      ['assigned', 'agent', 'First Taker Water'],
      ['paid', 'agent', 'First Taker Water'],
      ['assigned', 'agent', 'Deliverer Water'],
      ['out_for_delivery', 'agent', 'Deliverer Water'],
      ['delivered', 'agent', 'Deliverer Water'],
    ];
    expect(moves(done.body.data.history)).toEqual(expected);
    const byAdmin = await call(t, 'GET', '/api/admin/orders/show', { token: admin.token, query: { id: order.id } });
    expect(moves(byAdmin.body.data.history)).toEqual(expected);
    const byCustomer = await call(t, 'GET', '/api/product-order/show', {
      token: customer.token,
      query: { id: order.id },
    });
    expect(moves(byCustomer.body.data.history)).toEqual(expected);
  });
});

describe('an admin reads one agent', () => {
  it('shows the business, the person, held orders, deliveries done and commission earned, paid and owed', async () => {
    const agent = await approvedAgent(lekki.id, 'Detail Water');
    const delivered = await paidOrder();
    expect((await accept(agent, delivered.order.id)).status).toBe(200);
    expect((await move(agent, delivered.order.id, 'out_for_delivery')).status).toBe(200);
    expect((await move(agent, delivered.order.id, 'delivered', delivered.order.delivery_code)).status).toBe(200);
    const held = await paidOrder();
    expect((await accept(agent, held.order.id)).status).toBe(200);

    const res = await call(t, 'GET', '/api/admin/agents/show', { token: admin.token, query: { id: agent.agentId } });
    expect(res.status).toBe(200);
    // Sachet water pays 5% of the order's amount, in whole kobo.
    const commission = Math.floor(delivered.order.order_amount * 100 * 0.05) / 100;
    expect(res.body.data).toMatchObject({
      agent: { id: agent.agentId, business_name: 'Detail Water', status: 'approved', location_id: lekki.id },
      person: { id: agent.user.id, first_name: 'Basira', email: agent.user.email },
      deliveries_done: 1,
      commission: { earned: commission, paid: commission, owed: 0 },
    });
    expect(res.body.data.open_orders.map((o: { id: number }) => o.id)).toEqual([held.order.id]);
    expect(res.body.data.open_orders[0]).toMatchObject({ status: 'assigned', agent: { id: agent.agentId } });
  });

  it('is 404 for an agent that does not exist, 422 for no id, and for admins only', async () => {
    const missing = await call(t, 'GET', '/api/admin/agents/show', { token: admin.token, query: { id: 999_999 } });
    expect(missing.status).toBe(404);
    const bad = await call(t, 'GET', '/api/admin/agents/show', { token: admin.token, query: { id: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('id');
    const agent = await approvedAgent(lekki.id);
    const self = await call(t, 'GET', '/api/admin/agents/show', { token: agent.token, query: { id: agent.agentId } });
    expect(self.status).toBe(403);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, at the same moment', () => {
  it('two cancels of one order refund it once', async () => {
    const customer = await customerWithWallet(5_000);
    const { order } = await paidOrder(lekki.id, customer);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'POST', '/api/product-order/cancel', { token: customer.token, body: { id: order.id } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await balance(customer)).toBe(5_000);
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('a cancel racing a delivery: exactly one wins, and money moves for that one only', async () => {
    const { agent, customer, order } = await outForDelivery();
    const before = await balance(customer);
    const [cancelled, delivered] = await Promise.all([
      call(t, 'POST', '/api/admin/orders/update-status', {
        token: admin.token,
        body: { id: order.id, status: 'cancelled', note: 'Race test cancel' },
      }),
      move(agent, order.id, 'delivered', order.delivery_code),
    ]);
    expect([cancelled.status, delivered.status].sort()).toEqual([200, 409]);
    const final = (await orderRow(order.id)).status;
    if (final === 'delivered') {
      expect(await balance(customer)).toBe(before);
      expect(await balance(agent)).toBe(40);
    } else {
      expect(final).toBe('refunded');
      expect(await balance(customer)).toBe(before + 2 * PRICE);
      expect(await balance(agent)).toBe(0);
    }
    expect(await inconsistentWallets(t.db)).toEqual([]);
  });

  it('wrong codes typed at once are all counted: the lock holds', async () => {
    const { agent, order } = await outForDelivery();
    const wrong = wrongCode(order.delivery_code);
    const results = await Promise.all(
      Array.from({ length: DELIVERY_CODE_TRIES + 3 }, () => move(agent, order.id, 'delivered', wrong)),
    );
    expect(results.every((r) => r.status === 422)).toBe(true);
    expect((await orderRow(order.id)).deliveryCodeAttempts).toBe(DELIVERY_CODE_TRIES);
    expect((await move(agent, order.id, 'delivered', order.delivery_code)).status).toBe(422);
  });
});
