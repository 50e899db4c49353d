import { formatNaira, ORDER_STATUS_LABELS } from '@ruwa/contract';
import { formatDate } from '@ruwa/contract/dates';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEndedSubscriptions, scheduleDueDeliveries } from '../src/modules/orders/service';
import { webhookEvents } from '../src/modules/payments/schema';
import { credit } from '../src/modules/wallet/ledger';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { eventually, sandboxCharge } from './helpers/payments';
import { verifyPhone } from './helpers/verification';

/**
 * A notification is written for each event a customer cares about, to that customer only,
 * once, saying what happened. Each test reads GET /api/notifications/me as the app does.
 */

let t: TestApp;
let admin: Actor;
let productId: number;
let locationId: number;
const UNIT = 450;

beforeAll(async () => {
  // Several customers and an agent sign in from the same address.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  const category = await createCategory(t, admin.token, { kind: 'bottle_water' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    product_name: 'Eva Water 75cl',
    locations: [{ id: location.id, product_location_price: UNIT }],
  });
  productId = product.id;
  locationId = location.id;
});
afterAll(() => t.close());

type Note = { id: number; kind: string; title: string; description: string; read: boolean; created_at: string };

/** The actor's notifications, oldest first. */
async function notesOf(actor: Actor): Promise<Note[]> {
  const res = await call(t, 'GET', '/api/notifications/me', { token: actor.token, query: { per_page: 100 } });
  expect(res.status).toBe(200);
  return (res.body.data.data as Note[]).reverse();
}

/** Notifications the actor received while `action` ran, oldest first. */
async function notesDuring(actor: Actor, action: () => Promise<unknown>): Promise<Note[]> {
  const before = await notesOf(actor);
  const last = before.at(-1)?.id ?? 0;
  await action();
  return (await notesOf(actor)).filter((note) => note.id > last);
}

const summary = (notes: Note[]) => notes.map((note) => [note.kind, note.title]);

async function customerWithWallet(naira: number) {
  const customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: naira * 100,
      type: 'deposit',
      reference: `seed-notes-${customer.user.id}`,
      description: 'test',
    }),
  );
  return customer;
}

const purchase = { product_id: 0, location_id: 0, quantity: 2, recipient_address: '12 Admiralty Way, Lekki' };
const order = (body: object) => ({ ...purchase, product_id: productId, location_id: locationId, ...body });

async function expectOk(res: Promise<{ status: number; body: { data: unknown } }>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body.data as { id: number } & Record<string, unknown>;
}

describe('notifications for each event a customer cares about', () => {
  it('payment received, for the wallet and for the card, names the order and the amount', async () => {
    const customer = await customerWithWallet(5000);
    let byWallet = { id: 0 };
    const walletNotes = await notesDuring(customer, async () => {
      byWallet = await expectOk(
        call(t, 'POST', '/api/product-order/store', {
          token: customer.token,
          body: order({ payment_method: 'wallet' }),
        }),
        201,
      );
    });
    expect(summary(walletNotes)).toEqual([['payment', 'Payment received']]);
    expect(walletNotes[0]!.description).toBe(
      `We received ${formatNaira(900)} for 2 x Eva Water 75cl. Order #${byWallet.id} is on its way to an agent.`,
    );

    let byCard = { id: 0 };
    const cardNotes = await notesDuring(customer, async () => {
      const reference = await sandboxCharge(t, { amountKobo: 2 * UNIT * 100, email: customer.user.email });
      byCard = await expectOk(
        call(t, 'POST', '/api/product-order/store', {
          token: customer.token,
          body: order({ payment_method: 'card', transaction_id: reference }),
        }),
        201,
      );
    });
    expect(summary(cardNotes)).toEqual([['payment', 'Payment received']]);
    expect(cardNotes[0]!.description).toContain(`Order #${byCard.id}`);
  });

  it('every order status change: assigned to an agent, out for delivery, delivered, refunded; to the buyer only', async () => {
    const customer = await customerWithWallet(5000);
    const stranger = await createUser(t);
    const strangerBefore = await notesOf(stranger);
    const delivered = await expectOk(
      call(t, 'POST', '/api/product-order/store', { token: customer.token, body: order({ payment_method: 'wallet' }) }),
      201,
    );
    const refunded = await expectOk(
      call(t, 'POST', '/api/product-order/store', {
        token: customer.token,
        body: order({ payment_method: 'wallet', quantity: 1 }),
      }),
      201,
    );

    // An approved agent at the location accepts the first order.
    const agent = await createUser(t);
    const application = await expectOk(
      call(t, 'POST', '/api/agents/store', {
        token: agent.token,
        body: { agent_name: 'Lekki Water', agent_email: agent.user.email },
      }),
      201,
    );
    await expectOk(
      call(t, 'POST', '/api/agents/update-status', {
        token: admin.token,
        body: { id: application.id, status: 'approved' },
      }),
    );
    await expectOk(
      call(t, 'POST', '/api/agents/update', {
        token: agent.token,
        body: { location_id: locationId, sells_bottle_water: true },
      }),
    );

    const moves = await notesDuring(customer, async () => {
      await expectOk(call(t, 'POST', '/api/agents/orders/accept', { token: agent.token, body: { id: delivered.id } }));
      for (const status of ['out_for_delivery', 'delivered'] as const) {
        await expectOk(
          call(t, 'POST', '/api/agents/orders/update-status', {
            token: agent.token,
            body: { id: delivered.id, status, delivery_code: delivered.delivery_code },
          }),
        );
      }
      await expectOk(
        call(t, 'POST', '/api/admin/orders/update-status', {
          token: admin.token,
          body: { id: refunded.id, status: 'refunded' },
        }),
      );
    });
    expect(summary(moves)).toEqual([
      ['order', `Order #${delivered.id}: ${ORDER_STATUS_LABELS.assigned}`],
      ['order', `Order #${delivered.id}: ${ORDER_STATUS_LABELS.out_for_delivery}`],
      ['order', `Order #${delivered.id}: ${ORDER_STATUS_LABELS.delivered}`],
      ['order', `Order #${refunded.id}: ${ORDER_STATUS_LABELS.refunded}`],
    ]);
    expect(moves[0]!.description).toBe('An agent has accepted your Eva Water 75cl order.');
    expect(moves[2]!.description).toBe('2 x Eva Water 75cl is now delivered.');
    expect(moves[3]!.description).toBe(`${formatNaira(450)} for Eva Water 75cl is back in your wallet.`);
    expect(await notesOf(stranger)).toEqual(strangerBefore);

    // A refused move (delivered is final) tells nobody anything.
    const refused = await notesDuring(customer, async () => {
      const res = await call(t, 'POST', '/api/admin/orders/update-status', {
        token: admin.token,
        body: { id: delivered.id, status: 'refunded' },
      });
      expect(res.status).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it('subscriptions: started, each delivery as it is scheduled, completed; and cancelled with the refund', async () => {
    const customer = await customerWithWallet(20_000);
    let subscription: { id: number; starts_on?: string } = { id: 0 };
    // The jobs take ISO days; customers read them the Nigerian way ('30 Nov 2026'), never '2026-11-30'.
    const isoDay = (offset: number) =>
      new Date(Date.parse(`${subscription.starts_on}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const day = (offset: number) => formatDate(isoDay(offset));
    // 7 days, every 3 days: 3 deliveries of 2 bottles (N900 each).
    const started = await notesDuring(customer, async () => {
      subscription = await expectOk(
        call(t, 'POST', '/api/subscription-order/store', {
          token: customer.token,
          body: order({ payment_method: 'wallet', duration_in_days: 7, delivery_interval_days: 3 }),
        }),
        201,
      );
    });
    expect(summary(started)).toEqual([
      ['payment', 'Subscription started'],
      ['order', 'Subscription delivery scheduled'],
    ]);
    expect(started[0]!.description).toBe(
      `${formatNaira(2_700)} paid: 3 deliveries of 2 x Eva Water 75cl, every 3 days.`,
    );
    expect(started[1]!.description).toBe(`Delivery 1 of 3: 2 x Eva Water 75cl on ${day(0)}.`);
    expect(started[1]!.description).toMatch(/ on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);

    const later = await notesDuring(customer, async () => {
      expect(await scheduleDueDeliveries(t.ctx, isoDay(3))).toBe(1);
      expect(await scheduleDueDeliveries(t.ctx, isoDay(6))).toBe(1);
      expect(await completeEndedSubscriptions(t.ctx, isoDay(7))).toBe(1);
    });
    expect(later.map((note) => note.description)).toEqual([
      `Delivery 2 of 3: 2 x Eva Water 75cl on ${day(3)}.`,
      `Delivery 3 of 3: 2 x Eva Water 75cl on ${day(6)}.`,
      'Your 7-day subscription to Eva Water 75cl has ended after 3 deliveries.',
    ]);
    expect(summary(later).map(([, title]) => title)).toEqual([
      'Subscription delivery scheduled',
      'Subscription delivery scheduled',
      'Subscription completed',
    ]);

    // A second subscription, cancelled after its first delivery: two unused deliveries come back.
    const other = await expectOk(
      call(t, 'POST', '/api/subscription-order/store', {
        token: customer.token,
        body: order({ payment_method: 'wallet', duration_in_days: 7, delivery_interval_days: 3 }),
      }),
      201,
    );
    const cancelled = await notesDuring(customer, () =>
      expectOk(call(t, 'POST', '/api/subscription-order/cancel', { token: customer.token, body: { id: other.id } })),
    );
    expect(summary(cancelled)).toEqual([['order', 'Subscription cancelled']]);
    expect(cancelled[0]!.description).toBe(`${formatNaira(1_800)} for 2 unused deliveries is back in your wallet.`);
  });

  it('deposit, and a withdrawal submitted then settled', async () => {
    const customer = await createUser(t);
    const deposited = await notesDuring(customer, async () => {
      const reference = await sandboxCharge(t, { amountKobo: 3000_00, email: customer.user.email });
      await expectOk(
        call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
          token: customer.token,
          body: { amount: 3000, tx_id: reference },
        }),
      );
    });
    expect(summary(deposited)).toEqual([['wallet', 'Deposit successful']]);
    expect(deposited[0]!.description).toBe(`${formatNaira(3_000)} was added to your wallet.`);

    const bank = await expectOk(
      call(t, 'POST', '/api/wallet/store/bank-details', {
        token: customer.token,
        body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
      }),
    );
    const last = (await notesOf(customer)).at(-1)!.id;
    await expectOk(
      call(t, 'POST', '/api/wallet-transactions/withdraw', {
        token: customer.token,
        body: { amount: 1200, selected_bank: bank.id },
      }),
    );
    // The sandbox sends transfer.success a moment after the transfer starts.
    const both = await eventually(async () => {
      const notes = (await notesOf(customer)).filter((note) => note.id > last);
      return notes.some((note) => note.title === 'Withdrawal completed') ? notes : undefined;
    });
    expect(summary(both)).toEqual([
      ['wallet', 'Withdrawal submitted'],
      ['wallet', 'Withdrawal completed'],
    ]);
    expect(both[0]!.description).toMatch(new RegExp(`^${formatNaira(1_200)} is on its way to .*0123456789`));
    expect(both[1]!.description).toMatch(new RegExp(`^${formatNaira(1_200)} was paid to .*0123456789`));
  });

  it('a withdrawal that fails is reversed, and says so once although two webhooks arrive', async () => {
    const customer = await customerWithWallet(1000);
    const bank = await expectOk(
      call(t, 'POST', '/api/wallet/store/bank-details', {
        token: customer.token,
        body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '9999999999', bank_name: '033' },
      }),
    );
    const withdrawal = await expectOk(
      call(t, 'POST', '/api/wallet-transactions/withdraw', {
        token: customer.token,
        body: { amount: 600, selected_bank: bank.id },
      }),
    );
    const reference = withdrawal.reference as string;
    // transfer.failed and transfer.reversed both arrive; wait until both have been handled.
    await eventually(async () => {
      const handled = await t.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.reference, reference), isNotNull(webhookEvents.processedAt)));
      return handled.length === 2 ? handled : undefined;
    });
    const notes = await notesOf(customer);
    // The owner is told of the new payee first (withdrawal-holds.test.ts checks its words).
    expect(summary(notes)).toEqual([
      ['account', 'A bank account was added'],
      ['wallet', 'Withdrawal submitted'],
      ['wallet', 'Withdrawal reversed'],
    ]);
    expect(notes[2]!.description).toBe(`The bank transfer failed. ${formatNaira(600)} is back in your wallet.`);
  });

  it('a held withdrawal: held with why and until when, then cancelled back to the wallet, or released', async () => {
    const customer = await customerWithWallet(50_000);
    const bank = await expectOk(
      call(t, 'POST', '/api/wallet/store/bank-details', {
        token: customer.token,
        body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
      }),
    );
    const withdraw = () =>
      expectOk(
        call(t, 'POST', '/api/wallet-transactions/withdraw', {
          token: customer.token,
          body: { amount: 21_000, selected_bank: bank.id },
        }),
      );
    let reference = '';
    const held = await notesDuring(customer, async () => {
      reference = String((await withdraw()).reference);
    });
    expect(summary(held)).toEqual([['wallet', 'Withdrawal held']]);
    expect(held[0]!.description).toMatch(
      new RegExp(
        `^This bank account is new, so your withdrawal of ${formatNaira(21_000)} to .*0123456789.* is held until .+\\. You can cancel it from your wallet\\.$`,
      ),
    );
    const cancelled = await notesDuring(customer, () =>
      expectOk(call(t, 'POST', '/api/wallet/withdrawals/cancel', { token: customer.token, body: { reference } })),
    );
    expect(summary(cancelled)).toEqual([['wallet', 'Withdrawal cancelled']]);
    expect(cancelled[0]!.description).toBe(
      `Your withdrawal of ${formatNaira(21_000)} was cancelled and the money is back in your wallet.`,
    );

    const second = String((await withdraw()).reference);
    const released = await notesDuring(customer, async () => {
      await expectOk(
        call(t, 'POST', '/api/admin/withdrawals/release', { token: admin.token, body: { reference: second } }),
      );
      await eventually(async () =>
        (await notesOf(customer)).some((note) => note.title === 'Withdrawal completed') ? true : undefined,
      );
    });
    expect(summary(released)).toEqual([
      ['wallet', 'Withdrawal on its way'],
      ['wallet', 'Withdrawal completed'],
    ]);
    expect(released[0]!.description).toMatch(new RegExp(`^${formatNaira(21_000)} is on its way to .*0123456789`));
  });

  it('the rest: VTU delivered and refunded, referral reward, raffle ticket earned and won, agent decision', async () => {
    const referrer = await createUser(t);
    const registered = await call(t, 'POST', '/api/auth/register', {
      body: {
        first_name: 'Bisi',
        last_name: 'Referred',
        email: `bisi.notes.${Date.now()}@example.com`,
        phone_number: '08091112222',
        password: 'referred-pass-1',
        password_confirmation: 'referred-pass-1',
        referral_code: referrer.user.referralCode,
      },
    });
    expect(registered.status).toBe(201);
    const buyer = { user: { id: registered.body.data.user.id }, token: registered.body.data.access_token } as Actor;
    await verifyPhone(t, buyer.token);
    await t.db.transaction((tx) =>
      credit(tx, buyer.user.id, {
        amountKobo: 5000_00,
        type: 'deposit',
        reference: `seed-notes-${buyer.user.id}`,
        description: 'test',
      }),
    );
    const buy = (phone: string) =>
      call(t, 'POST', '/api/product-order/buy/airtime', {
        token: buyer.token,
        body: { amount: 1000, phone, network_id: 'mtn', payment_method: 'wallet', confirm_duplicate: true },
      });

    const referrerNotes = await notesDuring(referrer, async () => {
      const bought = await notesDuring(buyer, async () =>
        expect((await buy('08031234567')).body.data.status).toBe('delivered'),
      );
      expect(summary(bought)).toEqual([
        ['vtu', 'Airtime delivered'],
        ['raffle', 'You earned a raffle ticket'],
      ]);
      expect(bought[0]!.description).toBe(`${formatNaira(1_000)} airtime for 08031234567 was delivered.`);
      // The sandbox fails numbers ending 0000.
      const failed = await notesDuring(buyer, async () =>
        expect((await buy('08030000000')).body.data.status).toBe('refunded'),
      );
      expect(summary(failed)).toEqual([['vtu', 'Purchase failed: money refunded']]);
    });
    // Once, for the delivered purchase only.
    expect(summary(referrerNotes)).toEqual([['reward', 'You earned a referral bonus']]);
    expect(referrerNotes[0]!.description).toBe(`${formatNaira(10)} from Bisi's airtime purchase is in your wallet.`);

    const won = await notesDuring(buyer, () =>
      expectOk(call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token }), 201),
    );
    expect(summary(won)).toEqual([['raffle', 'You won the raffle!']]);

    const applicant = await createUser(t);
    const application = await expectOk(
      call(t, 'POST', '/api/agents/store', {
        token: applicant.token,
        body: { agent_name: 'Yaba Gas', agent_email: applicant.user.email },
      }),
      201,
    );
    const decided = await notesDuring(applicant, () =>
      expectOk(
        call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: application.id, status: 'approved' },
        }),
      ),
    );
    expect(summary(decided)).toEqual([['agent', 'Agent application approved']]);
  });
});
