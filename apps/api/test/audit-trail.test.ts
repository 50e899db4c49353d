import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lagosDay } from '@ruwa/contract/dates';
import { raffleDraws, raffleTickets } from '../src/modules/engagement/schema';
import { cardRefunds } from '../src/modules/payments/schema';
import { reconciliationDifferences } from '../src/modules/reconciliation/schema';
import { dataBundles } from '../src/modules/vtu/schema';
import { bankAccounts } from '../src/modules/wallet/schema';
import { credit } from '../src/modules/wallet/service';
import { createTestApp, type TestApp } from './helpers/app';
import { createCategory, createLocation, createProduct } from './helpers/catalog';
import { call, createAdmin, createUser, type Actor } from './helpers/factories';
import { sandboxCharge } from './helpers/payments';

/**
 * Every admin write records who, what, when and before/after. Each row of the table makes
 * one admin write through the real route and expects exactly one new audit entry describing it.
 */

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

type AuditEntry = {
  id: number;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

async function latestAuditId(): Promise<number> {
  const res = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { per_page: 1 } });
  return (res.body.data.data[0] as AuditEntry | undefined)?.id ?? 0;
}

/** Audit entries written after `mark`, oldest first, read through GET /api/admin/audit. */
async function auditSince(mark: number): Promise<AuditEntry[]> {
  const res = await call(t, 'GET', '/api/admin/audit', { token: admin.token, query: { per_page: 50 } });
  expect(res.status).toBe(200);
  return (res.body.data.data as AuditEntry[]).filter((entry) => entry.id > mark).reverse();
}

async function ok(res: Promise<{ status: number; body: { data?: unknown } }>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body.data as Record<string, unknown> & { id: number };
}

async function paidOrder() {
  const category = await createCategory(t, admin.token, { kind: 'gas' });
  const location = await createLocation(t, admin.token);
  const product = await createProduct(t, admin.token, {
    product_category: category.id,
    locations: [{ id: location.id, product_location_price: 1500 }],
  });
  const customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 10_000_00,
      type: 'deposit',
      reference: `seed-audit-${customer.user.id}`,
      description: 'test',
    }),
  );
  return ok(
    call(t, 'POST', '/api/product-order/store', {
      token: customer.token,
      body: {
        product_id: product.id,
        location_id: location.id,
        quantity: 1,
        recipient_address: '1 Marina Road, Lagos',
        payment_method: 'wallet',
      },
    }),
    201,
  );
}

async function agentApplication() {
  const applicant = await createUser(t);
  return ok(
    call(t, 'POST', '/api/agents/store', {
      token: applicant.token,
      body: { agent_name: 'Audit Water', agent_email: applicant.user.email },
    }),
    201,
  );
}

type Expected = { entityId: string | number; before?: object; after?: object };
/** One admin write: the route, the audit action and entity it records, and what the entry must say. */
type Case = {
  route: string;
  action: string;
  entity: string;
  setup?: () => Promise<unknown>;
  write: (state: never) => Promise<Expected>;
};

const cases: Case[] = [
  {
    route: 'POST /api/admin/reconciliation/run',
    action: 'reconciliation.run',
    entity: 'reconciliation_differences',
    write: async () => {
      const day = lagosDay(new Date());
      await ok(call(t, 'POST', '/api/admin/reconciliation/run', { token: admin.token, body: { day } }));
      return { entityId: day, after: { days: [day] } };
    },
  },
  {
    route: 'POST /api/admin/reconciliation/clear',
    action: 'reconciliation.clear',
    entity: 'reconciliation_difference',
    setup: async () => {
      const [row] = await t.db
        .insert(reconciliationDifferences)
        .values({
          provider: 'paystack',
          reference: `AUDIT_${Date.now()}`,
          kind: 'missing_theirs',
          oursKobo: 10_000,
          occurredAt: new Date(),
        })
        .returning();
      return row!.id;
    },
    write: async (id: number) => {
      const reason = 'A test payment recorded by hand; Paystack never charged it.';
      await ok(call(t, 'POST', '/api/admin/reconciliation/clear', { token: admin.token, body: { id, reason } }));
      return { entityId: id, before: { status: 'open' }, after: { status: 'cleared', reason } };
    },
  },
  {
    route: 'POST /api/admin/reconciliation/float/top-up',
    action: 'reconciliation.float_top_up',
    entity: 'ledger_journals',
    write: async () => {
      const reference = crypto.randomUUID();
      const reason = 'Bank transfer to the VTU provider, 27 Nov';
      await ok(
        call(t, 'POST', '/api/admin/reconciliation/float/top-up', {
          token: admin.token,
          body: { amount: 25_000, reason, reference },
        }),
      );
      return { entityId: `float-top-up:${reference}`, after: { amount_kobo: 25_000_00, reason } };
    },
  },
  {
    route: 'POST /api/admin/reconciliation/card-refunds/retry',
    action: 'reconciliation.card_refund_retry',
    entity: 'card_refunds',
    setup: async () => {
      const category = await createCategory(t, admin.token, { kind: 'gas' });
      const location = await createLocation(t, admin.token);
      const product = await createProduct(t, admin.token, {
        product_category: category.id,
        locations: [{ id: location.id, product_location_price: 1500 }],
      });
      const customer = await createUser(t);
      const reference = await sandboxCharge(t, { amountKobo: 1500_00, email: customer.user.email });
      const order = await ok(
        call(t, 'POST', '/api/product-order/store', {
          token: customer.token,
          body: {
            product_id: product.id,
            location_id: location.id,
            quantity: 1,
            recipient_address: '1 Marina Road, Lagos',
            payment_method: 'card',
            transaction_id: reference,
          },
        }),
        201,
      );
      // Paystack unreachable when the order was cancelled: the refund waits to be asked again.
      const refused = vi.spyOn(t.ctx.paystack, 'refund').mockRejectedValueOnce(new Error('Paystack is down'));
      try {
        await ok(
          call(t, 'POST', '/api/product-order/cancel', {
            token: customer.token,
            body: { id: order.id, refund_to: 'card' },
          }),
        );
      } finally {
        refused.mockRestore();
      }
      const [refund] = await t.db
        .update(cardRefunds)
        .set({ requestedAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(cardRefunds.orderId, order.id))
        .returning();
      return refund!.id;
    },
    write: async (id: number) => {
      await ok(call(t, 'POST', '/api/admin/reconciliation/card-refunds/retry', { token: admin.token, body: { id } }));
      return {
        entityId: id,
        before: { status: 'requested', attempts: 1, last_error: 'Paystack is down' },
        after: { status: 'pending', attempts: 2, last_error: null },
      };
    },
  },
  {
    route: 'POST /api/admin/orders/assign',
    action: 'order.assign',
    entity: 'orders',
    setup: async () => {
      const order = await paidOrder();
      const applicant = await createUser(t);
      const agent = await ok(
        call(t, 'POST', '/api/agents/store', {
          token: applicant.token,
          body: { agent_name: 'Dispatch Gas', agent_email: applicant.user.email, location_id: order.location_id },
        }),
        201,
      );
      await ok(
        call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: agent.id, status: 'approved' },
        }),
      );
      await ok(call(t, 'POST', '/api/agents/update', { token: applicant.token, body: { sells_gas: true } }));
      return { order, agent };
    },
    write: async ({ order, agent }: { order: { id: number }; agent: { id: number } }) => {
      await ok(
        call(t, 'POST', '/api/admin/orders/assign', {
          token: admin.token,
          body: { id: order.id, agent_id: agent.id },
        }),
      );
      return {
        entityId: order.id,
        before: { status: 'paid', agent_id: null },
        after: { status: 'assigned', agent_id: agent.id },
      };
    },
  },
  {
    route: 'POST /api/admin/orders/update-status',
    action: 'order.update_status',
    entity: 'orders',
    setup: paidOrder,
    write: async (order: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/admin/orders/update-status', {
          token: admin.token,
          body: { id: order.id, status: 'out_for_delivery', note: 'Rider left' },
        }),
      );
      return {
        entityId: order.id,
        before: { status: 'paid' },
        after: { status: 'out_for_delivery', note: 'Rider left' },
      };
    },
  },
  {
    route: 'POST /api/agents/update-status',
    action: 'agent.approved',
    entity: 'agents',
    setup: agentApplication,
    write: async (agent: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: agent.id, status: 'approved' },
        }),
      );
      return {
        entityId: agent.id,
        before: { status: 'pending' },
        after: { status: 'approved', decidedBy: admin.user.id },
      };
    },
  },
  {
    route: 'POST /api/agents/update-status',
    action: 'agent.rejected',
    entity: 'agents',
    setup: agentApplication,
    write: async (agent: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/agents/update-status', {
          token: admin.token,
          body: { id: agent.id, status: 'rejected', note: 'Outside our area' },
        }),
      );
      return {
        entityId: agent.id,
        before: { status: 'pending' },
        after: { status: 'rejected', decisionNote: 'Outside our area' },
      };
    },
  },
  {
    route: 'POST /api/raffle-tickets/store',
    action: 'raffle.tickets.create',
    entity: 'raffle_tickets',
    setup: () => createUser(t),
    write: async (owner: Actor) => {
      const created = (await ok(
        call(t, 'POST', '/api/raffle-tickets/store', {
          token: admin.token,
          body: { email: owner.user.email, count: 2 },
        }),
        201,
      )) as unknown as { slug: string }[];
      return {
        entityId: owner.user.id,
        after: { user_id: owner.user.id, count: 2, slugs: created.map((ticket) => ticket.slug) },
      };
    },
  },
  {
    route: 'GET /api/raffle-tickets/draw',
    action: 'raffle.draw',
    entity: 'raffle_draws',
    write: async () => {
      const drawn = await ok(call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token }), 201);
      return { entityId: drawn.id, after: { ticket: drawn.slug, candidates: drawn.candidates_count } };
    },
  },
  {
    route: 'POST /api/raffle-tickets/draw',
    action: 'raffle.draw',
    entity: 'raffle_draws',
    setup: async () => {
      const owner = await createUser(t);
      await ok(
        call(t, 'POST', '/api/raffle-tickets/store', {
          token: admin.token,
          body: { email: owner.user.email, count: 1 },
        }),
        201,
      );
    },
    write: async () => {
      const drawn = await ok(call(t, 'POST', '/api/raffle-tickets/draw', { token: admin.token }), 201);
      return { entityId: drawn.id, after: { ticket: drawn.slug, candidates: drawn.candidates_count } };
    },
  },
  {
    route: 'POST /api/location/store',
    action: 'location.create',
    entity: 'locations',
    write: async () => {
      const location = await ok(
        call(t, 'POST', '/api/location/store', {
          token: admin.token,
          body: { name: 'Audit Ikeja', state: 'lagos', country: 'nigeria' },
        }),
        201,
      );
      return { entityId: location.id, after: { name: 'Audit Ikeja' } };
    },
  },
  {
    route: 'POST /api/location/update',
    action: 'location.update',
    entity: 'locations',
    setup: () => createLocation(t, admin.token, { name: 'Audit Surulere' }),
    write: async (location: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/location/update', {
          token: admin.token,
          body: { id: location.id, name: 'Audit Surulere West', enabled: false },
        }),
      );
      return {
        entityId: location.id,
        before: { name: 'Audit Surulere', enabled: true },
        after: { name: 'Audit Surulere West', enabled: false },
      };
    },
  },
  {
    route: 'POST /api/location/delete',
    action: 'location.delete',
    entity: 'locations',
    setup: () => createLocation(t, admin.token, { name: 'Audit Ajah' }),
    write: async (location: { id: number }) => {
      await ok(call(t, 'POST', '/api/location/delete', { token: admin.token, body: { id: location.id } }));
      return { entityId: location.id, before: { name: 'Audit Ajah' } };
    },
  },
  {
    route: 'POST /api/product/category/store',
    action: 'category.create',
    entity: 'product_categories',
    write: async () => {
      const category = await ok(
        call(t, 'POST', '/api/product/category/store', {
          token: admin.token,
          body: { name: 'Audit Gas', kind: 'gas' },
        }),
        201,
      );
      return { entityId: category.id, after: { name: 'Audit Gas', kind: 'gas' } };
    },
  },
  {
    route: 'POST /api/product/category/update',
    action: 'category.update',
    entity: 'product_categories',
    setup: () => createCategory(t, admin.token, { name: 'Audit Sachets' }),
    write: async (category: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/product/category/update', {
          token: admin.token,
          body: { id: category.id, name: 'Audit Pure Water' },
        }),
      );
      return { entityId: category.id, before: { name: 'Audit Sachets' }, after: { name: 'Audit Pure Water' } };
    },
  },
  {
    route: 'POST /api/product/category/delete',
    action: 'category.delete',
    entity: 'product_categories',
    setup: () => createCategory(t, admin.token, { name: 'Audit Empty' }),
    write: async (category: { id: number }) => {
      await ok(call(t, 'POST', '/api/product/category/delete', { token: admin.token, body: { id: category.id } }));
      return { entityId: category.id, before: { name: 'Audit Empty' } };
    },
  },
  {
    route: 'POST /api/products/store',
    action: 'product.create',
    entity: 'products',
    setup: async () => ({
      category: await createCategory(t, admin.token),
      location: await createLocation(t, admin.token),
    }),
    write: async ({ category, location }: { category: { id: number }; location: { id: number } }) => {
      const product = await ok(
        call(t, 'POST', '/api/products/store', {
          token: admin.token,
          body: {
            product_name: 'Audit Cylinder',
            product_price: 900,
            product_category: category.id,
            locations: [{ id: location.id }],
          },
        }),
        201,
      );
      return { entityId: product.id, after: { product_name: 'Audit Cylinder' } };
    },
  },
  {
    route: 'POST /api/products/update',
    action: 'product.update',
    entity: 'products',
    setup: async () => {
      const category = await createCategory(t, admin.token);
      const location = await createLocation(t, admin.token);
      return createProduct(t, admin.token, {
        product_category: category.id,
        locations: [{ id: location.id }],
        product_name: 'Audit Bottle',
      });
    },
    write: async (product: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/products/update', {
          token: admin.token,
          body: { id: product.id, product_name: 'Audit Bottle 75cl' },
        }),
      );
      return {
        entityId: product.id,
        before: { product_name: 'Audit Bottle' },
        after: { product_name: 'Audit Bottle 75cl' },
      };
    },
  },
  {
    route: 'POST /api/products/delete',
    action: 'product.delete',
    entity: 'products',
    setup: async () => {
      const category = await createCategory(t, admin.token);
      return createProduct(t, admin.token, {
        product_category: category.id,
        locations: [],
        product_name: 'Audit Gone',
      });
    },
    write: async (product: { id: number }) => {
      await ok(call(t, 'POST', '/api/products/delete', { token: admin.token, body: { id: product.id } }));
      return { entityId: product.id, before: { product: { name: 'Audit Gone' } } };
    },
  },
  {
    route: 'POST /api/admin/data-bundles/update',
    action: 'data_bundle.update',
    entity: 'data_bundles',
    setup: async () =>
      (
        (await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'glo' } })).body
          .data as { id: number }[]
      )[0]!,
    write: async (bundle: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/admin/data-bundles/update', {
          token: admin.token,
          body: { id: bundle.id, price: 777, enabled: false },
        }),
      );
      return { entityId: bundle.id, before: { enabled: true }, after: { enabled: false, priceKobo: 777_00 } };
    },
  },
  {
    route: 'POST /api/admin/data-bundles/sync',
    action: 'data_bundle.add_from_provider',
    entity: 'data_bundles',
    setup: async () => {
      // The provider still offers this bundle, so the sync adds it back (switched off).
      const [bundle] = await t.db
        .select()
        .from(dataBundles)
        .where(eq(dataBundles.network, 'airtel'))
        .orderBy(desc(dataBundles.sortOrder))
        .limit(1);
      await t.db.delete(dataBundles).where(eq(dataBundles.id, bundle!.id));
      return bundle!;
    },
    write: async (removed: typeof dataBundles.$inferSelect) => {
      const synced = (await ok(
        call(t, 'POST', '/api/admin/data-bundles/sync', { token: admin.token, body: { network: 'airtel' } }),
      )) as unknown as { added: { id: number }[] };
      expect(synced.added).toHaveLength(1);
      return { entityId: synced.added[0]!.id, after: { variationCode: removed.variationCode, enabled: false } };
    },
  },
  {
    route: 'POST /api/admin/settings/update',
    action: 'settings.update',
    entity: 'settings',
    write: async () => {
      await ok(
        call(t, 'POST', '/api/admin/settings/update', { token: admin.token, body: { commission: { gas: 4.5 } } }),
      );
      return { entityId: 'business_rules', before: { commission: { gas: 3 } }, after: { commission: { gas: 4.5 } } };
    },
  },
  {
    route: 'POST /api/admin/customers/suspend',
    action: 'customer.suspend',
    entity: 'users',
    setup: () => createUser(t),
    write: async (customer: Actor) => {
      await ok(
        call(t, 'POST', '/api/admin/customers/suspend', {
          token: admin.token,
          body: { id: customer.user.id, note: 'Chargebacks' },
        }),
      );
      return {
        entityId: customer.user.id,
        before: { status: 'active' },
        after: { status: 'suspended', note: 'Chargebacks' },
      };
    },
  },
  {
    route: 'POST /api/admin/customers/reactivate',
    action: 'customer.reactivate',
    entity: 'users',
    setup: async () => {
      const customer = await createUser(t);
      await ok(call(t, 'POST', '/api/admin/customers/suspend', { token: admin.token, body: { id: customer.user.id } }));
      return customer;
    },
    write: async (customer: Actor) => {
      await ok(
        call(t, 'POST', '/api/admin/customers/reactivate', { token: admin.token, body: { id: customer.user.id } }),
      );
      return { entityId: customer.user.id, before: { status: 'suspended' }, after: { status: 'active' } };
    },
  },
  {
    route: 'POST /api/admin/customers/send-reset',
    action: 'customer.password_reset_sent',
    entity: 'users',
    setup: () => createUser(t),
    write: async (customer: Actor) => {
      await ok(
        call(t, 'POST', '/api/admin/customers/send-reset', { token: admin.token, body: { id: customer.user.id } }),
      );
      return { entityId: customer.user.id };
    },
  },
  {
    route: 'POST /api/admin/customers/wallet-adjustment',
    action: 'wallet.debit',
    entity: 'users',
    setup: async () => {
      const customer = await createUser(t);
      await t.db.transaction((tx) =>
        credit(tx, customer.user.id, {
          amountKobo: 100_000,
          type: 'deposit',
          reference: `adj-${customer.user.id}`,
          description: 'Deposit',
        }),
      );
      return customer;
    },
    write: async (customer: Actor) => {
      await ok(
        call(t, 'POST', '/api/admin/customers/wallet-adjustment', {
          token: admin.token,
          body: { id: customer.user.id, direction: 'debit', amount: 250, reason: 'Refunded twice' },
        }),
      );
      return {
        entityId: customer.user.id,
        before: { balance_kobo: 100_000 },
        after: { balance_kobo: 75_000, amount_kobo: 25_000, reason: 'Refunded twice' },
      };
    },
  },
  {
    route: 'POST /api/admin/withdrawals/release',
    action: 'withdrawal.release',
    entity: 'withdrawals',
    // Held: more than ₦20,000 to a bank account saved just now.
    setup: async () => {
      const customer = await createUser(t);
      await t.db.transaction((tx) =>
        credit(tx, customer.user.id, {
          amountKobo: 30_000_00,
          type: 'deposit',
          reference: `held-${customer.user.id}`,
          description: 'Deposit',
        }),
      );
      const bank = await ok(
        call(t, 'POST', '/api/wallet/store/bank-details', {
          token: customer.token,
          body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
        }),
      );
      return ok(
        call(t, 'POST', '/api/wallet-transactions/withdraw', {
          token: customer.token,
          body: { amount: 25_000, selected_bank: bank.id },
        }),
      );
    },
    write: async (withdrawal: { reference: string }) => {
      const released = await ok(
        call(t, 'POST', '/api/admin/withdrawals/release', {
          token: admin.token,
          body: { reference: withdrawal.reference },
        }),
      );
      return {
        entityId: released.id,
        before: { status: 'held', hold_reason: 'new_bank_account' },
        after: { status: 'pending', amount_kobo: 25_000_00 },
      };
    },
  },
  {
    route: 'POST /api/admin/withdrawals/approve',
    action: 'withdrawal.approve',
    entity: 'withdrawals',
    // Held for approval: more than the ₦500,000 default, to an account saved two days ago.
    setup: async () => {
      const customer = await createUser(t);
      await t.db.transaction((tx) =>
        credit(tx, customer.user.id, {
          amountKobo: 600_000_00,
          type: 'deposit',
          reference: `large-${customer.user.id}`,
          description: 'Deposit',
        }),
      );
      const bank = await ok(
        call(t, 'POST', '/api/wallet/store/bank-details', {
          token: customer.token,
          body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: '0123456789', bank_name: '033' },
        }),
      );
      await t.db
        .update(bankAccounts)
        .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
        .where(eq(bankAccounts.id, bank.id));
      return ok(
        call(t, 'POST', '/api/wallet-transactions/withdraw', {
          token: customer.token,
          body: { amount: 510_000, selected_bank: bank.id },
        }),
      );
    },
    write: async (withdrawal: { reference: string }) => {
      const approved = await ok(
        call(t, 'POST', '/api/admin/withdrawals/approve', {
          token: admin.token,
          body: { reference: withdrawal.reference },
        }),
      );
      return {
        entityId: approved.id,
        before: { status: 'held', hold_reason: 'large_amount', held_until: null },
        after: { status: 'pending', amount_kobo: 510_000_00 },
      };
    },
  },
  {
    route: 'POST /api/admin/wallet-adjustments/approve',
    action: 'wallet.credit',
    entity: 'users',
    // Asked for by another admin: more than the ₦100,000 default waits for a second one.
    setup: async () => {
      const customer = await createUser(t);
      const maker = await createAdmin(t);
      const asked = await call(t, 'POST', '/api/admin/customers/wallet-adjustment', {
        token: maker.token,
        body: { id: customer.user.id, direction: 'credit', amount: 150_000, reason: 'Lost cylinder refund' },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      return { customer, maker, reference: asked.body.data.reference as string };
    },
    write: async ({ customer, maker, reference }: { customer: Actor; maker: Actor; reference: string }) => {
      await ok(call(t, 'POST', '/api/admin/wallet-adjustments/approve', { token: admin.token, body: { reference } }));
      return {
        entityId: customer.user.id,
        before: { balance_kobo: 0 },
        after: { amount_kobo: 150_000_00, reference, requested_by: maker.user.id },
      };
    },
  },
  {
    route: 'POST /api/admin/agents/update-areas',
    action: 'agent.areas_set',
    entity: 'agents',
    setup: async () => ({ agent: await agentApplication(), location: await createLocation(t, admin.token) }),
    write: async ({ agent, location }: { agent: { id: number }; location: { id: number } }) => {
      await ok(
        call(t, 'POST', '/api/admin/agents/update-areas', {
          token: admin.token,
          body: {
            id: agent.id,
            location_ids: [location.id],
            sells_sachet_water: true,
            sells_bottle_water: false,
            sells_gas: true,
          },
        }),
      );
      return {
        entityId: agent.id,
        before: { location_ids: [] },
        after: { location_ids: [location.id], sells_sachet_water: true, sells_bottle_water: false, sells_gas: true },
      };
    },
  },
  {
    route: 'POST /api/admin/staff/update-role',
    action: 'staff.role_changed',
    entity: 'user',
    setup: () => createAdmin(t),
    write: async (colleague: Actor) => {
      await ok(
        call(t, 'POST', '/api/admin/staff/update-role', {
          token: admin.token,
          body: { id: colleague.user.id, staff_role: 'finance' },
        }),
      );
      return { entityId: colleague.user.id, before: { staff_role: 'owner' }, after: { staff_role: 'finance' } };
    },
  },
  // An export only reads, but who took which records out is recorded.
  ...(['orders', 'customers', 'withdrawals', 'journals', 'audit'] as const).map((name): Case => ({
    route: `GET /api/admin/exports/${name}.csv`,
    action: 'export.downloaded',
    entity: 'export',
    write: async () => {
      const day = lagosDay(new Date());
      const res = await call(t, 'GET', `/api/admin/exports/${name}.csv?from=${day}&to=${day}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      return { entityId: name, after: { from: day, to: day } };
    },
  })),
  {
    route: 'POST /api/admin/support/cases/update-status',
    action: 'support_case.status',
    entity: 'support_cases',
    setup: () => supportCase(),
    write: async (opened: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/admin/support/cases/update-status', {
          token: admin.token,
          body: { id: opened.id, status: 'resolved' },
        }),
      );
      return { entityId: opened.id, before: { status: 'open' }, after: { status: 'resolved' } };
    },
  },
  {
    route: 'POST /api/admin/support/cases/add-note',
    action: 'support_case.note',
    entity: 'support_cases',
    setup: () => supportCase(),
    write: async (opened: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/admin/support/cases/add-note', {
          token: admin.token,
          body: { id: opened.id, note: 'Called the agent' },
        }),
      );
      return { entityId: opened.id, after: { note: 'Called the agent' } };
    },
  },
  {
    route: 'POST /api/admin/support/cases/reply',
    action: 'support_case.reply',
    entity: 'support_cases',
    setup: () => supportCase(),
    write: async (opened: { id: number }) => {
      await ok(
        call(t, 'POST', '/api/admin/support/cases/reply', {
          token: admin.token,
          body: { id: opened.id, message: 'It is on its way' },
        }),
      );
      return { entityId: opened.id, after: { message: 'It is on its way' } };
    },
  },
];

/** A customer's case about a deposit into their own wallet. */
async function supportCase() {
  const customer = await createUser(t);
  await t.db.transaction((tx) =>
    credit(tx, customer.user.id, {
      amountKobo: 1_000_00,
      type: 'deposit',
      reference: `support-${customer.user.id}`,
      description: 'Deposit',
    }),
  );
  const moves = await call(t, 'GET', '/api/wallet-transactions/me', { token: customer.token });
  return ok(
    call(t, 'POST', '/api/support/cases', {
      token: customer.token,
      body: { reference: moves.body.data.data[0].tx_id, message: 'This deposit is not what I sent.' },
    }),
    201,
  );
}

/** Admin-only routes that only read. */
const ADMIN_READS = [
  'GET /api/admin/audit',
  'GET /api/admin/customers',
  'GET /api/admin/customers/show',
  'GET /api/admin/dashboard',
  'GET /api/admin/alerts',
  'GET /api/admin/admins',
  'GET /api/admin/staff',
  'GET /api/admin/data-bundles',
  'GET /api/admin/orders',
  'GET /api/admin/orders/show',
  'GET /api/admin/orders/agents',
  'GET /api/admin/settings',
  'GET /api/agents/index',
  'GET /api/admin/agents/show',
  'GET /api/raffle-draws/index',
  'GET /api/raffle-tickets/index',
  'GET /api/products/index',
  'GET /api/auth/two-factor',
  'GET /api/admin/ledger/trial-balance',
  'GET /api/admin/ledger/journal',
  'GET /api/admin/ledger/trial-balance/period',
  'GET /api/admin/ledger/profit-and-loss',
  'GET /api/admin/ledger/accounts',
  'GET /api/admin/ledger/account-journals',
  'GET /api/admin/reconciliation',
  'GET /api/admin/reconciliation/float',
  'GET /api/admin/reconciliation/card-refunds',
  'GET /api/admin/withdrawals',
  'GET /api/admin/wallet-adjustments',
  'GET /api/admin/support/cases',
  'GET /api/admin/support/cases/show',
];
/** An admin's own sign-in settings: enabling and disabling are audited in auth/totp.test.ts; setup only prepares a secret. */
const OWN_ACCOUNT = [
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/disable',
];

describe('audit trail', () => {
  it('has a case for every admin-only write route the API serves', async () => {
    // Admin-only: refused to a signed-in customer (403) but not to an admin. Probed with an empty
    // body, so nothing validates and nothing is written (the raffle has no tickets yet: 409).
    const customer = await createUser(t);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const adminOnly: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      // The event stream stays open for a signed-in caller (it writes nothing): events.test.ts.
      if (!path.startsWith('/api/') || path === '/api/auth/logout' || path === '/api/events') continue;
      for (const method of Object.keys(methods).map((m) => m.toUpperCase() as 'GET' | 'POST')) {
        const body = method === 'POST' ? {} : undefined;
        if ((await call(t, method, path, { token: customer.token, body })).status !== 403) continue;
        if ((await call(t, method, path, { token: admin.token, body })).status === 403) continue;
        adminOnly.push(`${method} ${path}`);
      }
    }
    expect(adminOnly).toEqual(
      expect.arrayContaining(['POST /api/admin/settings/update', 'GET /api/raffle-tickets/draw']),
    );
    const writes = adminOnly.filter((route) => !ADMIN_READS.includes(route) && !OWN_ACCOUNT.includes(route)).sort();
    expect(writes).toEqual([...new Set(cases.map((c) => c.route))].sort());
  });

  it.each(cases)(
    '$action writes one audit entry with who, what, when and before/after',
    async ({ action, entity, setup, write }) => {
      const state = await setup?.();
      const mark = await latestAuditId();
      const startedAt = Date.now();
      const expected = await write(state as never);

      const entries = await auditSince(mark);
      expect(entries.map((entry) => entry.action)).toEqual([action]);
      const [entry] = entries;
      expect(entry).toMatchObject({ actor_id: admin.user.id, action, entity, entity_id: String(expected.entityId) });
      expect(Date.parse(entry!.created_at)).toBeGreaterThanOrEqual(startedAt - 1000);
      if (expected.before) expect(entry!.before).toMatchObject(expected.before);
      else expect(entry!.before).toBeNull();
      if (expected.after) expect(entry!.after).toMatchObject(expected.after);
    },
  );

  it('records nothing for a refused write or a non-admin', async () => {
    await t.db.delete(raffleDraws);
    await t.db.delete(raffleTickets);
    const customer = await createUser(t);
    const mark = await latestAuditId();
    expect((await call(t, 'GET', '/api/raffle-tickets/draw', { token: admin.token })).status).toBe(409);
    expect(
      (await call(t, 'POST', '/api/admin/customers/suspend', { token: admin.token, body: { id: admin.user.id } }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t, 'POST', '/api/admin/settings/update', {
          token: admin.token,
          body: { referral: { percent: 101 } },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t, 'POST', '/api/admin/settings/update', {
          token: customer.token,
          body: { referral: { percent: 2 } },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t, 'POST', '/api/admin/customers/send-reset', { token: admin.token, body: { id: 999_999 } })).status,
    ).toBe(404);
    expect(await auditSince(mark)).toEqual([]);
  });
});

describe('a change and its audit entry land together', () => {
  /** Makes every audit insert fail, as a full disk or a broken constraint would, while `work` runs. */
  async function withAuditRefused(work: () => Promise<void>) {
    await t.db.execute(
      sql`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit unavailable'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      await work();
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
    }
  }
  const refused = async (res: Promise<{ status: number }>) => expect((await res).status).toBe(500);

  it('a catalogue or data-bundle write whose audit entry cannot be written changes nothing', async () => {
    const category = await createCategory(t, admin.token, { name: 'Audit Kept Category' });
    const location = await createLocation(t, admin.token, { name: 'Audit Kept Area' });
    const product = await createProduct(t, admin.token, {
      product_category: category.id,
      product_name: 'Audit Kept',
      product_price: 500,
      locations: [{ id: location.id, product_location_price: 450 }],
    });
    const bundles = (await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'mtn' } }))
      .body.data as { id: number; price: number; enabled: boolean }[];
    const bundle = bundles[0]!;
    const snapshot = async () => ({
      categories: (
        await call(t, 'GET', '/api/product/category/index', { token: admin.token, query: { per_page: 100 } })
      ).body.data.data,
      locations: (await call(t, 'GET', '/api/location/index', { token: admin.token, query: { per_page: 100 } })).body
        .data.data,
      product: (await call(t, 'GET', '/api/products/show', { token: admin.token, query: { id: product.id } })).body
        .data,
      bundles: (await call(t, 'GET', '/api/admin/data-bundles', { token: admin.token, query: { network: 'mtn' } })).body
        .data,
    });
    const before = await snapshot();
    const mark = await latestAuditId();

    await withAuditRefused(async () => {
      const as = { token: admin.token };
      await refused(
        call(t, 'POST', '/api/product/category/store', {
          ...as,
          body: { name: 'Never Made', kind: 'gas', enabled: true },
        }),
      );
      await refused(
        call(t, 'POST', '/api/product/category/update', { ...as, body: { id: category.id, name: 'Never Renamed' } }),
      );
      await refused(
        call(t, 'POST', '/api/location/store', {
          ...as,
          body: { name: 'Never Made Area', state: 'lagos', country: 'nigeria' },
        }),
      );
      await refused(
        call(t, 'POST', '/api/location/update', { ...as, body: { id: location.id, name: 'Never Renamed Area' } }),
      );
      await refused(
        call(t, 'POST', '/api/products/store', {
          ...as,
          body: {
            product_name: 'Never Made',
            product_description: 'x',
            product_category: category.id,
            product_price: 100,
            locations: [{ id: location.id, product_location_price: 90 }],
          },
        }),
      );
      await refused(
        call(t, 'POST', '/api/products/update', {
          ...as,
          body: { id: product.id, product_price: 999, locations: [{ id: location.id, product_location_price: 950 }] },
        }),
      );
      await refused(call(t, 'POST', '/api/products/delete', { ...as, body: { id: product.id } }));
      await refused(
        call(t, 'POST', '/api/admin/data-bundles/update', {
          ...as,
          body: { id: bundle.id, price: bundle.price + 1, enabled: !bundle.enabled },
        }),
      );
    });

    expect(await snapshot()).toEqual(before);
    expect(await auditSince(mark)).toEqual([]);
    // With the audit back, the same deletes go through, each with its entry.
    await ok(call(t, 'POST', '/api/products/delete', { token: admin.token, body: { id: product.id } }));
    await ok(call(t, 'POST', '/api/location/delete', { token: admin.token, body: { id: location.id } }));
    await ok(call(t, 'POST', '/api/product/category/delete', { token: admin.token, body: { id: category.id } }));
    expect((await auditSince(mark)).map((entry) => entry.action)).toEqual([
      'product.delete',
      'location.delete',
      'category.delete',
    ]);
  });
});
