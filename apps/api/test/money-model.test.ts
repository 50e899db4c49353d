import { randomUUID } from 'node:crypto';
import { lagosDay } from '@ruwa/contract/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/platform/paystack/webhook-signature';
import { reconcilePayments } from '../src/modules/payments/service';
import { requeryPending } from '../src/modules/vtu/service';
import { getWithdrawal, reconcileWithdrawals, releaseDueWithdrawals } from '../src/modules/wallet/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { moneyViolations, queryRows, walletsByUser } from './helpers/money-invariants';
import { eventually, sandboxCharge } from './helpers/payments';

/**
 * A seeded, stateful model of the money: random rounds of customer, admin, provider and job actions
 * (several at once on PostgreSQL) through the real HTTP API; after every round the money rules are
 * checked in the database, and at sync points every wallet is compared with the model's balance.
 * Replay a failure with MONEY_MODEL_SEED=<seed> (and MONEY_MODEL_STEPS=<n> to change the length).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SEED = Number(process.env.MONEY_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.MONEY_MODEL_STEPS ?? (onPostgres ? 2000 : 200));
/** PGlite is one connection: it cannot run requests in parallel, so there the rounds are one action each. */
const MAX_PARALLEL = onPostgres ? 4 : 1;
const SYNC_EVERY_ROUNDS = 25;
const REFERRAL = { percent: 5, capNaira: 50 };
const WATER_NAIRA = 350;
const GAS_NAIRA = 7_500;

/** mulberry32: small, fast and good enough to make a run repeatable from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

type Customer = Actor & {
  index: number;
  referrer: Customer | null;
  okBank: number;
  failingBank: number;
  /** What the model says the wallet must hold once background work has settled. */
  balanceKobo: number;
  savingsKobo: number;
  /** Background work may still move this wallet, so its exact balance is unknown until the next sync. */
  dirty: boolean;
};
type Outcome = 'delivered' | 'refunded' | 'pending';
type Plan = { name: string; touches: Customer[]; run: () => Promise<void> };

let t: TestApp;
let admin: Actor;
/** Second and third admins: large support credits wait for one of them (maker-checker). */
let checkers: Actor[];
let productIds: { water: number; gas: number };
let locationId: number;
let bundles: { id: number; network: string; price: number }[];
const customers: Customer[] = [];
const refundableOrders: { id: number; owner: Customer; amountKobo: number; card: boolean }[] = [];
const activeSubscriptions: { id: number; owner: Customer; refundKobo: number }[] = [];
/** Card-paid vends the network refused, their refund in the wallet and free to go back to the card. */
const refusedCardVends: { id: number; owner: Customer; amountKobo: number }[] = [];
const deposits: { reference: string; owner: Customer; naira: number }[] = [];
/**
 * Withdrawals held (above ₦20,000 to the customers' new bank accounts): their money is set aside and
 * they wait until a cancel, an admin's release or the release job at a later clock ends the hold.
 */
type HeldWithdrawal = { reference: string; owner: Customer; amountKobo: number; failing: boolean; done: boolean };
const heldWithdrawals: HeldWithdrawal[] = [];
const awaitedPayments = new Set<string>();
const counts: Record<string, number> = {};
const tally = (key: string) => void (counts[key] = (counts[key] ?? 0) + 1);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
  checkers = [await createAdmin(t), await createAdmin(t)];
  const rules = await call(t, 'POST', '/api/admin/settings/update', {
    token: admin.token,
    body: { adjustments: { credit_approval_above: 6_000 } },
  });
  expect(rules.status).toBe(200);
  const location = await createLocation(t, admin.token);
  const water = await createProduct(t, admin.token, {
    product_category: (await createCategory(t, admin.token, { kind: 'sachet_water' })).id,
    locations: [{ id: location.id, product_location_price: WATER_NAIRA }],
  });
  const gas = await createProduct(t, admin.token, {
    product_category: (await createCategory(t, admin.token, { kind: 'gas' })).id,
    locations: [{ id: location.id, product_location_price: GAS_NAIRA }],
  });
  productIds = { water: water.id, gas: gas.id };
  locationId = location.id;
  const settings = await call(t, 'POST', '/api/admin/settings/update', {
    token: admin.token,
    body: { referral: { percent: REFERRAL.percent, cap: REFERRAL.capNaira } },
  });
  expect(settings.status).toBe(200);
  bundles = (await call(t, 'GET', '/api/data-bundles', { token: admin.token })).body.data;

  // Three plain customers, three referred by them, and one referred by a referred customer.
  const referrerOf = [null, null, null, 0, 1, 2, 3];
  for (const [index, referrerIndex] of referrerOf.entries()) {
    const referrer = referrerIndex === null ? null : customers[referrerIndex]!;
    const actor = await createUser(t, { referredById: referrer?.user.id ?? null });
    const bank = async (accountNumber: string) => {
      const res = await call(t, 'POST', '/api/wallet/store/bank-details', {
        token: actor.token,
        body: { first_name: 'Ngozi', last_name: 'Model', account_number: accountNumber, bank_name: '033' },
      });
      expect(res.status).toBe(200);
      return res.body.data.id as number;
    };
    customers.push({
      ...actor,
      index,
      referrer,
      okBank: await bank('0123456789'),
      failingBank: await bank('9999999999'),
      balanceKobo: 0,
      savingsKobo: 0,
      dirty: false,
    });
  }
}, 120_000);
afterAll(() => t?.close());

const naira = (kobo: number) => kobo / 100;
const rewardKobo = (amountKobo: number) =>
  Math.min(Math.floor((amountKobo * REFERRAL.percent) / 100), REFERRAL.capNaira * 100);

/**
 * Applies the end of a hold to the model once, from where the withdrawal stands in the database
 * (whichever of the racing cancel, release and job won): cancelled, the money is back; sent to a
 * failing bank, it comes back once the reversal lands.
 */
async function holdEnded(held: HeldWithdrawal) {
  const status = (await getWithdrawal(t.db, held.reference))!.status;
  if (held.done || status === 'held') return;
  held.done = true;
  heldWithdrawals.splice(heldWithdrawals.indexOf(held), 1);
  if (status === 'cancelled') held.owner.balanceKobo += held.amountKobo;
  else if (held.failing) {
    held.owner.balanceKobo += held.amountKobo;
    held.owner.dirty = true;
  }
}

function expectStatus(res: { status: number; body: unknown }, allowed: number[], what: string) {
  if (!allowed.includes(res.status))
    throw new Error(`${what}: expected ${allowed.join(' or ')}, got ${res.status} ${JSON.stringify(res.body)}`);
}

/** When nothing else can move the wallet, the model knows whether a debit must succeed. */
function expectPrediction(
  ctx: { exact: (c: Customer) => boolean },
  customer: Customer,
  haveKobo: number,
  needKobo: number,
  succeeded: boolean,
  what: string,
) {
  if (!ctx.exact(customer)) return;
  if (succeeded !== haveKobo >= needKobo) {
    throw new Error(
      `${what}: the model holds ${haveKobo} kobo for ${needKobo}, yet the API ${succeeded ? 'accepted' : 'refused'} it`,
    );
  }
}

const phoneFor = (rng: Rng, outcome: Outcome) => {
  const tail =
    outcome === 'refunded' ? '0000' : outcome === 'pending' ? '9999' : String(rng.int(1, 9998)).padStart(4, '0');
  return `0803${rng.int(100, 999)}${tail}`;
};

/** Posts a Paystack event as Paystack would: signed with the secret key. */
const postWebhook = (payload: unknown) => {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signWebhook(body, t.ctx.config.PAYSTACK_SECRET_KEY),
    },
    payload: body,
  });
};

type PlanContext = { exact: (c: Customer) => boolean };

/** Every action draws all its random choices when planned, so a seed always plans the same rounds. */
const ACTIONS: [weight: number, plan: (rng: Rng, ctx: PlanContext) => Plan][] = [
  [
    14,
    (rng) => {
      const c = rng.pick(customers);
      const amount = rng.int(100, 20_000) + (rng.chance(0.3) ? rng.int(1, 99) / 100 : 0);
      const withWebhook = rng.chance(0.5);
      const copies = rng.chance(0.2) ? rng.int(2, 4) : 1;
      return {
        name: copies > 1 ? 'card deposit, client calls repeated' : 'card deposit',
        touches: [c],
        run: async () => {
          const metadata = withWebhook ? { purpose: 'deposit', user_id: c.user.id, amount } : undefined;
          const reference = await sandboxCharge(t, {
            amountKobo: Math.round(amount * 100),
            email: c.user.email,
            metadata,
          });
          c.balanceKobo += Math.round(amount * 100);
          deposits.push({ reference, owner: c, naira: amount });
          const results = await Promise.all(
            Array.from({ length: copies }, () =>
              call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
                token: c.token,
                body: { amount, tx_id: reference },
              }),
            ),
          );
          results.forEach((r) => expectStatus(r, [200], 'deposit'));
          expect(new Set(results.map((r) => r.body.data.transaction.id)).size).toBe(1);
        },
      };
    },
  ],
  [
    4,
    (rng) => {
      const c = rng.pick(customers);
      const amount = rng.int(100, 10_000);
      return {
        name: 'card deposit completed by the webhook alone',
        touches: [c],
        run: async () => {
          c.dirty = true;
          const reference = await sandboxCharge(t, {
            amountKobo: amount * 100,
            email: c.user.email,
            metadata: { purpose: 'deposit', user_id: c.user.id, amount },
          });
          c.balanceKobo += amount * 100;
          awaitedPayments.add(reference);
          deposits.push({ reference, owner: c, naira: amount });
        },
      };
    },
  ],
  [
    3,
    (rng) => {
      const c = rng.pick(customers);
      const other = rng.pick(customers);
      const failed = rng.chance(0.5);
      const pickIndex = rng.next();
      return {
        name: failed ? 'declined card deposit' : 'reused deposit reference',
        touches: [c],
        run: async () => {
          if (failed || deposits.length === 0) {
            const reference = await sandboxCharge(t, { amountKobo: 500_00, email: c.user.email, outcome: 'failed' });
            const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
              token: c.token,
              body: { amount: 500, tx_id: reference },
            });
            expectStatus(res, [422], 'declined deposit');
            return;
          }
          const used = deposits[Math.floor(pickIndex * deposits.length)]!;
          const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
            token: other.token,
            body: { amount: used.naira, tx_id: used.reference },
          });
          // Its owner gets the first answer again (once it is credited); anyone else is refused.
          expectStatus(res, other === used.owner ? [200, 422] : [422], 'reused reference');
        },
      };
    },
  ],
  [
    3,
    (rng) => {
      const payer = rng.pick(customers);
      const thief = rng.pick(customers.filter((c) => c !== payer));
      const amount = rng.int(100, 5_000);
      const thiefFirst = rng.chance(0.5);
      return {
        name: 'another customer races the payer for an unfinished payment',
        touches: [payer, thief],
        run: async () => {
          const reference = await sandboxCharge(t, { amountKobo: amount * 100, email: payer.user.email });
          const claim = (c: Customer) =>
            call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
              token: c.token,
              body: { amount, tx_id: reference },
            });
          const [first, second] = await Promise.all(
            thiefFirst ? [claim(thief), claim(payer)] : [claim(payer), claim(thief)],
          );
          const [stolen, own] = thiefFirst ? [first, second] : [second, first];
          expectStatus(stolen, [422], 'claiming someone else’s payment');
          expectStatus(own, [200], 'claiming one’s own payment');
          payer.balanceKobo += amount * 100;
          deposits.push({ reference, owner: payer, naira: amount });
        },
      };
    },
  ],
  [
    3,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const direction = rng.chance(0.6) ? 'credit' : 'debit';
      const amountKobo = rng.int(1, 5_000_00);
      const clicks = rng.chance(0.3) ? rng.int(2, 3) : 1;
      const reference = randomUUID();
      return {
        name: clicks > 1 ? `support ${direction}, confirm clicked again` : `support ${direction}`,
        touches: [c],
        run: async () => {
          const before = c.balanceKobo;
          const results = await Promise.all(
            Array.from({ length: clicks }, () =>
              call(t, 'POST', '/api/admin/customers/wallet-adjustment', {
                token: admin.token,
                body: { id: c.user.id, direction, amount: naira(amountKobo), reason: 'Model adjustment', reference },
              }),
            ),
          );
          results.forEach((r) => expectStatus(r, [200, 422], 'support adjustment'));
          const done = results.some((r) => r.status === 200);
          // However often it was clicked, it is one adjustment: every answer agrees. A debit's clicks may
          // disagree only when something else moved the wallet between them (refused, money came in, the
          // retry accepted); the books and the next sync still prove it was applied at most once.
          if (direction === 'credit' || ctx.exact(c)) expect(new Set(results.map((r) => r.status)).size).toBe(1);
          if (direction === 'debit') expectPrediction(ctx, c, before, amountKobo, done, 'support debit');
          else expect(done).toBe(true);
          if (done) c.balanceKobo += direction === 'credit' ? amountKobo : -amountKobo;
        },
      };
    },
  ],
  [
    1,
    (rng) => {
      const c = rng.pick(customers);
      // Above the ₦6,000 set below (the plain adjustments stay under it): it waits for a second admin,
      // and moves once however many approve.
      const amountKobo = rng.int(6_000_01, 10_000_00);
      const reference = randomUUID();
      const approvers = rng.chance(0.5) ? checkers : [rng.pick(checkers)];
      const makerTries = rng.chance(0.3);
      return {
        name: `large support credit, ${approvers.length} approving${makerTries ? ', the maker too' : ''}`,
        touches: [c],
        run: async () => {
          const asked = await call(t, 'POST', '/api/admin/customers/wallet-adjustment', {
            token: admin.token,
            body: {
              id: c.user.id,
              direction: 'credit',
              amount: naira(amountKobo),
              reason: 'Model large credit',
              reference,
            },
          });
          expectStatus(asked, [202], 'large support credit asked');
          const answers = await Promise.all(
            [...approvers, ...(makerTries ? [admin] : [])].map((by) =>
              call(t, 'POST', '/api/admin/wallet-adjustments/approve', { token: by.token, body: { reference } }),
            ),
          );
          answers.slice(0, approvers.length).forEach((r) => expectStatus(r, [200], 'second admin approves'));
          if (makerTries) expectStatus(answers.at(-1)!, [403], 'the maker approves');
          c.balanceKobo += amountKobo;
        },
      };
    },
  ],
  [
    12,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const failing = rng.chance(0.25);
      const reorder = failing && rng.chance(0.5);
      const fraction = rng.next() * 1.3;
      return {
        name: reorder
          ? 'withdrawal to a failing bank, events reordered and repeated'
          : failing
            ? 'withdrawal to a failing bank'
            : 'withdrawal',
        touches: [c],
        run: async () => {
          const amount = Math.max(100, Math.floor(naira(c.balanceKobo) * fraction));
          const before = c.balanceKobo;
          const res = await call(t, 'POST', '/api/wallet-transactions/withdraw', {
            token: c.token,
            body: { amount, selected_bank: failing ? c.failingBank : c.okBank },
          });
          expectStatus(res, [200, 422], 'withdraw');
          expectPrediction(ctx, c, before, amount * 100, res.status === 200, 'withdraw');
          if (res.status !== 200) return;
          // The customers' bank accounts are new: more than ₦20,000 waits, and nothing else does.
          expect(res.body.data.status, 'withdrawal held').toBe(amount > 20_000 ? 'held' : 'pending');
          if (res.body.data.status === 'held') {
            c.balanceKobo -= amount * 100;
            heldWithdrawals.push({
              reference: res.body.data.reference,
              owner: c,
              amountKobo: amount * 100,
              failing,
              done: false,
            });
            return;
          }
          if (failing) c.dirty = true;
          else c.balanceKobo -= amount * 100;
          if (reorder) {
            const data = { reference: res.body.data.reference, amount: amount * 100, currency: 'NGN' };
            const events = [
              { event: 'transfer.reversed', data: { ...data, status: 'reversed' } },
              { event: 'transfer.failed', data: { ...data, status: 'failed' } },
            ];
            const sent = await Promise.all([...events, events[0]].map(postWebhook));
            sent.forEach((r) => expect(r.statusCode).toBe(200));
          }
        },
      };
    },
  ],
  [
    12,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const gas = rng.chance(0.3);
      const quantity = rng.int(1, gas ? 2 : 6);
      const card = rng.chance(0.35);
      const withWebhook = card && rng.chance(0.5);
      return {
        name: `${gas ? 'gas' : 'water'} order by ${card ? 'card' : 'wallet'}`,
        touches: [c],
        run: async () => {
          const amountKobo = (gas ? GAS_NAIRA : WATER_NAIRA) * 100 * quantity;
          const purchase = {
            product_id: gas ? productIds.gas : productIds.water,
            location_id: locationId,
            quantity,
            recipient_address: '3 Ozumba Mbadiwe Avenue, Victoria Island',
          };
          if (card) {
            const reference = await sandboxCharge(t, {
              amountKobo,
              email: c.user.email,
              metadata: withWebhook ? { purpose: 'product_order', user_id: c.user.id, ...purchase } : undefined,
            });
            const res = await call(t, 'POST', '/api/product-order/store', {
              token: c.token,
              body: { ...purchase, transaction_id: reference },
            });
            expectStatus(res, withWebhook ? [200, 201] : [201], 'card order');
            refundableOrders.push({ id: res.body.data.id, owner: c, amountKobo, card: true });
            return;
          }
          const before = c.balanceKobo;
          const res = await call(t, 'POST', '/api/product-order/store', {
            token: c.token,
            body: { ...purchase, payment_method: 'wallet' },
          });
          expectStatus(res, [201, 422], 'wallet order');
          expectPrediction(ctx, c, before, amountKobo, res.status === 201, 'wallet order');
          if (res.status !== 201) return expect(res.body.code).toBe('insufficient_balance');
          c.balanceKobo -= amountKobo;
          refundableOrders.push({ id: res.body.data.id, owner: c, amountKobo, card: false });
        },
      };
    },
  ],
  [
    4,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const interval = rng.pick([1, 3, 7, 14]);
      const duration = rng.pick([7, 14, 30].filter((d) => d >= interval));
      const quantity = rng.int(1, 3);
      const card = rng.chance(0.3);
      return {
        name: `water subscription by ${card ? 'card' : 'wallet'}`,
        touches: [c],
        run: async () => {
          const deliveries = Math.ceil(duration / interval);
          const perDeliveryKobo = WATER_NAIRA * 100 * quantity;
          const body = {
            product_id: productIds.water,
            location_id: locationId,
            quantity,
            recipient_address: '14 Allen Avenue, Ikeja',
            duration_in_days: duration,
            delivery_interval_days: interval,
          };
          const before = c.balanceKobo;
          const res = card
            ? await call(t, 'POST', '/api/subscription-order/store', {
                token: c.token,
                body: {
                  ...body,
                  transaction_id: await sandboxCharge(t, {
                    amountKobo: perDeliveryKobo * deliveries,
                    email: c.user.email,
                  }),
                },
              })
            : await call(t, 'POST', '/api/subscription-order/store', {
                token: c.token,
                body: { ...body, payment_method: 'wallet' },
              });
          expectStatus(res, card ? [201] : [201, 422], 'subscription');
          if (!card) expectPrediction(ctx, c, before, perDeliveryKobo * deliveries, res.status === 201, 'subscription');
          if (res.status !== 201) return;
          if (!card) c.balanceKobo -= perDeliveryKobo * deliveries;
          activeSubscriptions.push({ id: res.body.data.id, owner: c, refundKobo: (deliveries - 1) * perDeliveryKobo });
        },
      };
    },
  ],
  [
    5,
    (rng) => {
      const twice = rng.chance(0.5);
      const order = refundableOrders.length
        ? refundableOrders.splice(Math.floor(rng.next() * refundableOrders.length), 1)[0]!
        : null;
      return {
        name: twice ? 'order refunded by two admins at once' : 'order refunded',
        touches: order ? [order.owner] : [],
        run: async () => {
          if (!order) return;
          const results = await Promise.all(
            Array.from({ length: twice ? 2 : 1 }, () =>
              call(t, 'POST', '/api/admin/orders/update-status', {
                token: admin.token,
                body: { id: order.id, status: 'refunded' },
              }),
            ),
          );
          expect(results.map((r) => r.status).sort()).toEqual(twice ? [200, 409] : [200]);
          order.owner.balanceKobo += order.amountKobo;
        },
      };
    },
  ],
  [
    4,
    (rng) => {
      const twice = rng.chance(0.5);
      const order = refundableOrders.length
        ? refundableOrders.splice(Math.floor(rng.next() * refundableOrders.length), 1)[0]!
        : null;
      return {
        name: twice ? 'order cancelled by its customer twice at once' : 'order cancelled by its customer',
        touches: order ? [order.owner] : [],
        run: async () => {
          if (!order) return;
          // A repeated cancel answers the cancelled order again: 200 both times, one refund.
          const results = await Promise.all(
            Array.from({ length: twice ? 2 : 1 }, () =>
              call(t, 'POST', '/api/product-order/cancel', {
                token: order.owner.token,
                body: { id: order.id, refund_to: 'wallet' },
              }),
            ),
          );
          expect(results.map((r) => r.status)).toEqual(twice ? [200, 200] : [200]);
          order.owner.balanceKobo += order.amountKobo;
        },
      };
    },
  ],
  [
    3,
    (rng) => {
      const twice = rng.chance(0.5);
      const order = refundableOrders.length
        ? refundableOrders.splice(Math.floor(rng.next() * refundableOrders.length), 1)[0]!
        : null;
      return {
        name: twice ? 'order cancelled to its card twice at once' : 'order cancelled to its card',
        touches: order ? [order.owner] : [],
        run: async () => {
          if (!order) return;
          const results = await Promise.all(
            Array.from({ length: twice ? 2 : 1 }, () =>
              call(t, 'POST', '/api/product-order/cancel', {
                token: order.owner.token,
                body: { id: order.id, refund_to: 'card' },
              }),
            ),
          );
          if (!order.card) {
            // Paid from the wallet: only the wallet can take it back, and nothing changed.
            expect(results.map((r) => r.status)).toEqual(twice ? [422, 422] : [422]);
            refundableOrders.push(order);
            return;
          }
          // Back to the card, not the wallet: Paystack's refund.processed settles it before the next sync.
          expect(results.map((r) => r.status)).toEqual(twice ? [200, 200] : [200]);
        },
      };
    },
  ],
  [
    3,
    (rng, ctx) => {
      const twice = rng.chance(0.5);
      const vend = refusedCardVends.length
        ? refusedCardVends.splice(Math.floor(rng.next() * refusedCardVends.length), 1)[0]!
        : null;
      return {
        name: twice ? "refused vend's refund sent to its card twice at once" : "refused vend's refund sent to its card",
        touches: vend ? [vend.owner] : [],
        run: async () => {
          if (!vend) return;
          const c = vend.owner;
          const before = c.balanceKobo;
          const results = await Promise.all(
            Array.from({ length: twice ? 2 : 1 }, () =>
              call(t, 'POST', '/api/vtu/card-refund', { token: c.token, body: { id: vend.id } }),
            ),
          );
          results.forEach((r) => expectStatus(r, [200, 422], 'vend refund to card'));
          const sent = results.some((r) => r.status === 200);
          // All or nothing: the wallet either still holds the refund (sent once) or was spent below it,
          // so every answer agrees. They may disagree only when something else moved the wallet between
          // the clicks (refused, money came in, the retry sent it); the books and the next sync still
          // prove it was sent at most once.
          if (ctx.exact(c)) expect(new Set(results.map((r) => r.status)).size).toBe(1);
          expectPrediction(ctx, c, before, vend.amountKobo, sent, 'vend refund to card');
          if (!sent) return;
          // Paystack's refund.processed settles it before the next sync.
          c.balanceKobo -= vend.amountKobo;
          tally('vend refund to card');
        },
      };
    },
  ],
  [
    3,
    (rng) => {
      const twice = rng.chance(0.5);
      const subscription = activeSubscriptions.length
        ? activeSubscriptions.splice(Math.floor(rng.next() * activeSubscriptions.length), 1)[0]!
        : null;
      return {
        name: twice ? 'subscription cancelled twice at once' : 'subscription cancelled',
        touches: subscription ? [subscription.owner] : [],
        run: async () => {
          if (!subscription) return;
          const results = await Promise.all(
            Array.from({ length: twice ? 2 : 1 }, () =>
              call(t, 'POST', '/api/subscription-order/cancel', {
                token: subscription.owner.token,
                body: { id: subscription.id },
              }),
            ),
          );
          const statuses = results.map((r) => r.status).sort();
          // One delivery of one day is the whole subscription: it completes at once and cannot be cancelled.
          if (subscription.refundKobo === 0 && statuses.every((s) => s === 409)) return;
          expect(statuses).toEqual(twice ? [200, 409] : [200]);
          subscription.owner.balanceKobo += subscription.refundKobo;
        },
      };
    },
  ],
  [
    16,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const card = rng.chance(0.35);
      const withWebhook = card && rng.chance(0.4);
      const outcome: Outcome = rng.pick([
        'delivered',
        'delivered',
        'delivered',
        'delivered',
        'refunded',
        'refunded',
        'pending',
      ] as const);
      const phone = phoneFor(rng, outcome);
      const bundle = rng.chance(0.4) ? rng.pick(bundles) : null;
      const airtime = rng.int(50, 3_000);
      return {
        name: `${bundle ? 'data' : 'airtime'} by ${card ? 'card' : 'wallet'}, ${outcome}`,
        touches: c.referrer ? [c, c.referrer] : [c],
        run: async () => {
          const amountKobo = bundle ? Math.round(bundle.price * 100) : airtime * 100;
          const body = bundle
            ? { phone, network_id: bundle.network, variation_id: bundle.id, price: bundle.price }
            : { phone, network_id: 'mtn', amount: airtime };
          const url = bundle ? '/api/product-order/buy/data' : '/api/product-order/buy/airtime';
          const before = c.balanceKobo;
          let res;
          if (card) {
            const metadata = withWebhook
              ? { purpose: bundle ? 'data' : 'airtime', user_id: c.user.id, ...body }
              : undefined;
            const reference = await sandboxCharge(t, { amountKobo, email: c.user.email, metadata });
            res = await call(t, 'POST', url, { token: c.token, body: { ...body, transaction_id: reference } });
            expectStatus(res, withWebhook ? [200, 201] : [201], 'card vtu');
          } else {
            res = await call(t, 'POST', url, {
              token: c.token,
              body: { ...body, payment_method: 'wallet', confirm_duplicate: true },
            });
            expectStatus(res, [201, 422], 'wallet vtu');
            expectPrediction(ctx, c, before, amountKobo, res.status === 201, 'wallet vtu');
            if (res.status !== 201) return;
            c.balanceKobo -= amountKobo;
          }
          // The phone decides the provider's answer; a racing webhook may still be vending it.
          expect([outcome, 'pending']).toContain(res.body.data.status);
          if (!card || !withWebhook) expect(res.body.data.status).toBe(outcome);
          const unsettled = outcome === 'pending' || res.body.data.status !== outcome;
          if (unsettled) c.dirty = true;
          if (outcome === 'refunded') {
            c.balanceKobo += amountKobo;
            if (card && res.body.data.status === 'refunded')
              refusedCardVends.push({ id: res.body.data.id, owner: c, amountKobo });
          } else if (c.referrer) {
            c.referrer.balanceKobo += rewardKobo(amountKobo);
            if (unsettled) c.referrer.dirty = true;
          }
          tally(`vend ${outcome}`);
        },
      };
    },
  ],
  [
    6,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const card = rng.chance(0.35);
      const outcome: Outcome = rng.pick(['delivered', 'delivered', 'delivered', 'refunded', 'pending'] as const);
      // The sandbox's meters: prepaid delivered, refused (016), pending until a requery 5 s later.
      const meter = { delivered: '1111111111111', refunded: '500000000000', pending: '201000000000' }[outcome];
      const amount = rng.int(1_000, 6_000);
      return {
        name: `electricity by ${card ? 'card' : 'wallet'}, ${outcome}`,
        touches: [c],
        run: async () => {
          const body = {
            service_id: 'ikeja-electric',
            billers_code: meter,
            type: 'prepaid',
            amount,
            phone: '08031234567',
          };
          const before = c.balanceKobo;
          let res;
          if (card) {
            const reference = await sandboxCharge(t, { amountKobo: amount * 100, email: c.user.email });
            res = await call(t, 'POST', '/api/bills/pay', {
              token: c.token,
              body: { ...body, transaction_id: reference },
            });
            expectStatus(res, [201], 'card bill');
          } else {
            res = await call(t, 'POST', '/api/bills/pay', {
              token: c.token,
              body: { ...body, payment_method: 'wallet', confirm_duplicate: true },
            });
            expectStatus(res, [201, 422], 'wallet bill');
            expectPrediction(ctx, c, before, amount * 100, res.status === 201, 'wallet bill');
            if (res.status !== 201) return;
            // A refused one is refunded to the wallet in the same answer; a card-paid one goes on to the card.
            if (outcome !== 'refunded') c.balanceKobo -= amount * 100;
          }
          expect(res.body.data.status).toBe(outcome);
          tally(`bill ${outcome}`);
        },
      };
    },
  ],
  [
    6,
    (rng, ctx) => {
      const c = rng.pick(customers);
      const into = rng.chance(0.6);
      const fraction = rng.next() * 1.2;
      return {
        name: into ? 'move to savings' : 'move from savings',
        touches: [c],
        run: async () => {
          const haveKobo = into ? c.balanceKobo : c.savingsKobo;
          const amount = Math.max(1, Math.floor(naira(haveKobo) * fraction));
          const res = await call(t, 'POST', into ? '/api/wallet/savings/deposit' : '/api/wallet/savings/withdraw', {
            token: c.token,
            body: { amount },
          });
          expectStatus(res, [200, 422], 'savings');
          expectPrediction(ctx, c, haveKobo, amount * 100, res.status === 200, 'savings');
          if (res.status !== 200) return;
          c.balanceKobo += into ? -amount * 100 : amount * 100;
          c.savingsKobo += into ? amount * 100 : -amount * 100;
        },
      };
    },
  ],
  [
    6,
    (rng) => {
      const picks = Array.from({ length: rng.int(1, 3) }, () => ({ at: rng.next(), copies: rng.int(1, 2) }));
      return {
        name: 'stored webhooks delivered again, out of order',
        touches: [],
        run: async () => {
          const stored = await queryRows(t.db, sql`select payload from webhook_events order by id`);
          if (!stored.length) return;
          const replays = picks.flatMap(({ at, copies }) =>
            Array.from({ length: copies }, () => stored[Math.floor(at * stored.length)]!.payload),
          );
          const results = await Promise.all(replays.reverse().map(postWebhook));
          results.forEach((r) => expect(r.statusCode).toBe(200));
        },
      };
    },
  ],
  [
    4,
    (rng) => {
      const at = rng.next();
      const clicks = rng.chance(0.3) ? 2 : 1;
      const held = heldWithdrawals.length ? heldWithdrawals[Math.floor(at * heldWithdrawals.length)]! : null;
      return {
        name: clicks > 1 ? 'held withdrawal cancelled, clicked twice' : 'held withdrawal cancelled',
        touches: held ? [held.owner] : [],
        run: async () => {
          if (!held) return;
          const results = await Promise.all(
            Array.from({ length: clicks }, () =>
              call(t, 'POST', '/api/wallet/withdrawals/cancel', {
                token: held.owner.token,
                body: { reference: held.reference },
              }),
            ),
          );
          // 409 only when a release in the same round came first.
          results.forEach((r) => expectStatus(r, [200, 409], 'cancel a held withdrawal'));
          await holdEnded(held);
        },
      };
    },
  ],
  [
    3,
    (rng) => {
      const at = rng.next();
      const held = heldWithdrawals.length ? heldWithdrawals[Math.floor(at * heldWithdrawals.length)]! : null;
      return {
        name: 'held withdrawal released by an admin',
        touches: held ? [held.owner] : [],
        run: async () => {
          if (!held) return;
          const res = await call(t, 'POST', '/api/admin/withdrawals/release', {
            token: admin.token,
            body: { reference: held.reference },
          });
          // 409 only when a cancel (or the job) in the same round came first.
          expectStatus(res, [200, 409], 'release a held withdrawal');
          await holdEnded(held);
        },
      };
    },
  ],
  [
    1,
    () => {
      const ending = [...heldWithdrawals];
      return {
        name: 'a day later: the release job sends every held withdrawal',
        touches: ending.map((held) => held.owner),
        run: async () => {
          await releaseDueWithdrawals(t.ctx, new Date(Date.now() + 25 * 3600_000));
          for (const held of ending) await holdEnded(held);
        },
      };
    },
  ],
  [
    3,
    () => ({
      name: 'background jobs: VTU requery and reconciliation',
      touches: [],
      run: async () => {
        await runVtuRequery();
        await reconcilePayments(t.ctx);
        await reconcileWithdrawals(t.ctx);
      },
    }),
  ],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [w]) => sum + w, 0);

function planAction(rng: Rng, ctx: PlanContext): Plan {
  let roll = rng.next() * TOTAL_WEIGHT;
  for (const [weight, plan] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return plan(rng, ctx);
  }
  return ACTIONS[0]![1](rng, ctx);
}

/** The provider's pending vends (numbers ending 9999) deliver on a requery 5 s later: let that time pass. */
async function runVtuRequery() {
  await t.db.execute(
    sql`update sandbox_vtu_transactions set created_at = created_at - interval '10 seconds' where status = 'pending'`,
  );
  await requeryPending(t.ctx, new Date(Date.now() + 10_000));
}

/** Waits for webhooks, transfers and vends to finish, then checks every wallet against the model. */
async function sync(label: string) {
  await eventually(async () => {
    // The sandbox sends charge.success for every paid charge, transfer.success for a paid-out
    // withdrawal, and transfer.failed then transfer.reversed for a failed one: all must have arrived.
    const [state] = await queryRows(
      t.db,
      sql`select (select count(*) from withdrawals where status = 'pending') as withdrawals,
                 (select count(*) from webhook_events where processed_at is null) as webhooks,
                 (select count(*) from sandbox_paystack_transactions s where s.status = 'success' and not exists (
                    select 1 from webhook_events e where e.event = 'charge.success' and e.reference = s.reference)) as charges,
                 (select count(*) from withdrawals w where (select count(*) from webhook_events e where e.reference = w.reference)
                    <> case w.status when 'reversed' then 2 when 'held' then 0 when 'cancelled' then 0 else 1 end) as transfers,
                 (select count(*) from card_refunds where status in ('requested', 'pending')) as card_refunds`,
    );
    if (Number(state!.charges) || Number(state!.transfers) || Number(state!.card_refunds)) return undefined;
    const paid = awaitedPayments.size
      ? await queryRows(
          t.db,
          sql`select reference from payments where status = 'success' and reference in (${sql.join(
            [...awaitedPayments].map((r) => sql`${r}`),
            sql`, `,
          )})`,
        )
      : [];
    paid.forEach((row) => awaitedPayments.delete(String(row.reference)));
    return Number(state!.withdrawals) === 0 && Number(state!.webhooks) === 0 && awaitedPayments.size === 0
      ? true
      : undefined;
  }, 20_000).catch(() => {
    throw new Error(
      `${label}: background work did not settle (webhook-only payments still awaited: ${[...awaitedPayments].join(', ') || 'none'})`,
    );
  });
  await runVtuRequery();
  const violations = await moneyViolations(t.db, { settled: true });
  expect(violations, label).toEqual([]);
  const actual = await walletsByUser(t.db);
  const mismatches = customers
    .map((c) => ({
      customer: c.index,
      model: [c.balanceKobo, c.savingsKobo],
      db: [actual.get(c.user.id)?.balanceKobo ?? 0, actual.get(c.user.id)?.savingsKobo ?? 0],
    }))
    .filter((m) => m.model[0] !== m.db[0] || m.model[1] !== m.db[1]);
  expect(mismatches, `${label}: wallets differ from the model`).toEqual([]);
  // The admin's trial balance agrees: balanced, and its customer-wallet line is every wallet's money.
  const trial = await call(t, 'GET', '/api/admin/ledger/trial-balance', { token: admin.token });
  expect(trial.status, label).toBe(200);
  const tb = trial.body.data as {
    accounts: { code: string; credit_kobo: number }[];
    total_debit_kobo: number;
    total_credit_kobo: number;
  };
  expect(tb.total_debit_kobo, `${label}: trial balance`).toBe(tb.total_credit_kobo);
  expect(tb.accounts.find((a) => a.code === '2100')?.credit_kobo, `${label}: customer wallets line`).toBe(
    [...actual.values()].reduce((sum, w) => sum + w.balanceKobo, 0),
  );
  // Read back from the journals, the books as at today are the running balances' books.
  const asAt = await call(t, 'GET', '/api/admin/ledger/trial-balance', {
    token: admin.token,
    query: { as_at: lagosDay() },
  });
  expect(asAt.body.data, `${label}: trial balance as at today`).toEqual(tb);
  for (const c of customers) c.dirty = false;
}

describe('money model', () => {
  // Found by the model: the first account to present an unfinished payment's reference was credited.
  it('never credits a payment to an account other than the one that paid', async () => {
    const [payer, thief] = [await createUser(t), await createUser(t)];
    const plain = await sandboxCharge(t, { amountKobo: 900_00, email: payer.user.email });
    const tagged = await sandboxCharge(t, {
      amountKobo: 800_00,
      email: thief.user.email,
      metadata: { user_id: payer.user.id },
    });
    for (const [reference, amount] of [
      [plain, 900],
      [tagged, 800],
    ] as const) {
      const stolen = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
        token: thief.token,
        body: { amount, tx_id: reference },
      });
      expect(stolen.status).toBe(422);
      expect(stolen.body.errors.tx_id).toEqual(['This payment was made from another account.']);
      const own = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
        token: payer.token,
        body: { amount, tx_id: reference },
      });
      expect(own.status).toBe(200);
    }
    const balances = await walletsByUser(t.db);
    expect([balances.get(payer.user.id)?.balanceKobo, balances.get(thief.user.id)?.balanceKobo ?? 0]).toEqual([
      1700_00, 0,
    ]);
  });

  it(`keeps every kobo accounted for over ${STEPS} random steps (seed ${SEED})`, async () => {
    const rng = prng(SEED);
    const started = Date.now();
    let steps = 0;
    let rounds = 0;
    const trail: string[] = [];
    const spent = { actions: 0, checks: 0, syncs: 0 };
    const timed = async (key: keyof typeof spent, work: () => Promise<unknown>) => {
      const at = Date.now();
      await work();
      spent[key] += Date.now() - at;
    };
    try {
      while (steps < STEPS) {
        const size = Math.min(STEPS - steps, rng.int(1, MAX_PARALLEL));
        const touched = new Map<Customer, number>();
        const plans: Plan[] = [];
        // Exact predictions only where nothing else in the round, or pending work, can move the wallet.
        const ctx: PlanContext = { exact: (c) => !c.dirty && (touched.get(c) ?? 0) === 1 };
        for (let i = 0; i < size; i++) plans.push(planAction(rng, ctx));
        for (const plan of plans) for (const c of plan.touches) touched.set(c, (touched.get(c) ?? 0) + 1);
        trail.push(`round ${rounds + 1}: ${plans.map((p) => p.name).join(' | ')}`);
        if (trail.length > 8) trail.shift();
        await timed('actions', () =>
          Promise.all(
            plans.map(async (plan) => {
              await plan.run();
              tally(plan.name);
            }),
          ),
        );
        steps += size;
        rounds += 1;
        await timed('checks', async () => expect(await moneyViolations(t.db), `after round ${rounds}`).toEqual([]));
        if (rounds % SYNC_EVERY_ROUNDS === 0) await timed('syncs', () => sync(`sync after round ${rounds}`));
      }
      await timed('syncs', () => sync('final sync'));
    } catch (error) {
      const replay = `MONEY_MODEL_SEED=${SEED} MONEY_MODEL_STEPS=${STEPS}`;
      console.log(
        `money model failed at step ${steps} (round ${rounds + 1}); replay with ${replay}\nlast rounds:\n  ${trail.join('\n  ')}`,
      );
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
        message: `[${replay}] ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const [totals] = await queryRows(
      t.db,
      sql`select (select count(*) from ledger_entries) as entries, (select count(*) from payments where status = 'success') as payments,
                 (select count(*) from webhook_events) as webhooks, (select count(*) from vtu_purchases) as vends, (select count(*) from orders) as orders`,
    );
    console.log(
      `money model: ${steps} steps in ${rounds} rounds (up to ${MAX_PARALLEL} at once), seed ${SEED}, ${seconds} s on ${onPostgres ? 'PostgreSQL' : 'PGlite'} ` +
        `(actions ${(spent.actions / 1000).toFixed(1)} s, checks after each round ${(spent.checks / 1000).toFixed(1)} s, syncs ${(spent.syncs / 1000).toFixed(1)} s); ` +
        `${JSON.stringify(totals)}\n  actions: ${JSON.stringify(counts)}`,
    );
    expect(steps).toBe(STEPS);
  }, 900_000);
});
