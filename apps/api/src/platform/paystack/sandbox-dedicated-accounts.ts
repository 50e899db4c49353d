import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import type { SandboxTools } from './sandbox-tools';
import { sandboxPaystackCustomers, sandboxPaystackDedicatedAccounts, sandboxPaystackTransactions } from './schema';

/** The provider banks Paystack opens dedicated accounts at (slug -> name); test mode has its own. */
const PROVIDER_BANKS: Record<string, { id: number; name: string }> = {
  'wema-bank': { id: 20, name: 'Wema Bank' },
  'titan-paystack': { id: 22, name: 'Paystack-Titan' },
  'test-bank': { id: 1, name: 'Test Bank' },
};

/** Paystack's fee on a dedicated-account transfer: 1%, at most NGN 300. */
export const transferInFeeKobo = (amountKobo: number) => Math.min(Math.round(amountKobo / 100), 30_000);

// Paystack counts money in kobo, so a naira figure sent here by mistake would credit a hundredth of it.
const TRANSFER_IN_AMOUNT_MESSAGE = 'The amount is in kobo: a whole number above 0 (50000 is ₦500).';

const customerCode = () => `CUS_${randomBytes(8).toString('hex')}`;

/**
 * Paystack's Dedicated Virtual Account API (`POST /customer`, `POST /dedicated_account`) in
 * Paystack's shapes, and a test hook that plays a bank transfer into one: it records the
 * transaction (so verify finds it) and sends the signed `charge.success` on the `dedicated_nuban`
 * channel, as Paystack does when a transfer lands.
 */
export function registerDedicatedAccountSandbox(sandbox: FastifyInstance, ctx: AppContext, tools: SandboxTools) {
  const s = sandbox.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const { requireSecret, answer, sendWebhook } = tools;

  const customerData = (row: typeof sandboxPaystackCustomers.$inferSelect) => ({
    transactions: [],
    subscriptions: [],
    authorizations: [],
    email: row.email,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    phone: row.phone ?? '',
    integration: 100032,
    domain: 'test',
    metadata: {},
    customer_code: row.customerCode,
    risk_action: 'default',
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    identified: false,
    identifications: null,
  });
  const customerSummary = (row: typeof sandboxPaystackCustomers.$inferSelect) => ({
    id: row.id,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    email: row.email,
    customer_code: row.customerCode,
    phone: row.phone ?? '',
    metadata: {},
    risk_action: 'default',
    international_format_phone: null,
  });

  s.post(
    '/customer',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          email: z.string().trim().min(3).max(254),
          first_name: z.string().max(100).optional(),
          last_name: z.string().max(100).optional(),
          phone: z.string().max(30).optional(),
          metadata: z.unknown().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { email, first_name: firstName, last_name: lastName, phone } = request.body;
      // Paystack keys customers by e-mail: creating one again answers (and updates) the same customer.
      await db
        .insert(sandboxPaystackCustomers)
        .values({ customerCode: customerCode(), email, firstName, lastName, phone })
        .onConflictDoUpdate({
          target: sandboxPaystackCustomers.email,
          set: { firstName, lastName, phone, updatedAt: new Date() },
        });
      const [row] = await db.select().from(sandboxPaystackCustomers).where(eq(sandboxPaystackCustomers.email, email));
      return answer(reply, 200, 'Customer created', customerData(row!));
    },
  );

  s.post(
    '/dedicated_account',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          customer: z.string().min(1),
          preferred_bank: z.string().optional(),
          subaccount: z.string().optional(),
          split_code: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const [customer] = await db
        .select()
        .from(sandboxPaystackCustomers)
        .where(eq(sandboxPaystackCustomers.customerCode, request.body.customer));
      if (!customer) return answer(reply, 404, 'Customer not found');
      const slug = request.body.preferred_bank ?? 'wema-bank';
      const bank = PROVIDER_BANKS[slug];
      if (!bank) return answer(reply, 400, 'Invalid preferred bank');
      const accountName = `RUWA/${customer.firstName ?? ''} ${customer.lastName ?? ''}`.trim().toUpperCase();
      // One account per customer and bank: asking again answers the account already assigned.
      for (let attempt = 0; attempt < 5; attempt++) {
        const accountNumber = String(randomInt(1_000_000_000, 10_000_000_000));
        await db
          .insert(sandboxPaystackDedicatedAccounts)
          .values({ customerCode: customer.customerCode, accountNumber, accountName, bankSlug: slug })
          .onConflictDoNothing();
        const [row] = await db
          .select()
          .from(sandboxPaystackDedicatedAccounts)
          .where(
            and(
              eq(sandboxPaystackDedicatedAccounts.customerCode, customer.customerCode),
              eq(sandboxPaystackDedicatedAccounts.bankSlug, slug),
            ),
          );
        if (!row) continue;
        const at = row.createdAt.toISOString();
        return answer(reply, 200, 'NUBAN successfully created', {
          bank: { name: bank.name, id: bank.id, slug },
          account_name: row.accountName,
          account_number: row.accountNumber,
          assigned: true,
          currency: 'NGN',
          metadata: null,
          active: true,
          id: row.id,
          created_at: at,
          updated_at: at,
          assignment: {
            integration: 100032,
            assignee_id: customer.id,
            assignee_type: 'Customer',
            expired: false,
            account_type: 'PAY-WITH-TRANSFER-RECURRING',
            assigned_at: at,
            expired_at: null,
          },
          customer: customerSummary(customer),
        });
      }
      return answer(reply, 400, 'Account could not be assigned. Please try again.');
    },
  );

  // A bank transfer landing in a dedicated account. `amount` is in kobo, as everywhere in Paystack.
  s.post(
    '/test/transfer-in',
    {
      schema: {
        body: z.object({
          account_number: z
            .string()
            .trim()
            .regex(/^\d{10}$/),
          amount: z.coerce
            .number({ error: TRANSFER_IN_AMOUNT_MESSAGE })
            .int(TRANSFER_IN_AMOUNT_MESSAGE)
            .positive(TRANSFER_IN_AMOUNT_MESSAGE),
          /** The sender's bank reference; sending the same one again re-sends its webhook (a Paystack retry). */
          reference: z.string().trim().min(1).max(100).optional(),
          sender_name: z.string().trim().max(100).default('ADA TEST SENDER'),
        }),
      },
    },
    async (request, reply) => {
      const { account_number: accountNumber, amount, sender_name: senderName } = request.body;
      const [account] = await db
        .select()
        .from(sandboxPaystackDedicatedAccounts)
        .where(eq(sandboxPaystackDedicatedAccounts.accountNumber, accountNumber));
      if (!account) return answer(reply, 404, 'Dedicated account not found');
      const [customer] = await db
        .select()
        .from(sandboxPaystackCustomers)
        .where(eq(sandboxPaystackCustomers.customerCode, account.customerCode));
      const bankName = PROVIDER_BANKS[account.bankSlug]?.name ?? account.bankSlug;
      const reference = request.body.reference ?? `${Date.now()}${randomBytes(6).toString('hex')}`;
      const metadata = { receiver_account_number: accountNumber, receiver_bank: bankName, custom_fields: [] };
      await db
        .insert(sandboxPaystackTransactions)
        .values({
          reference,
          accessCode: `ac_${reference}`,
          email: customer!.email,
          amountKobo: amount,
          metadata,
          status: 'success',
          gatewayResponse: 'Approved',
          channel: 'dedicated_nuban',
          feesKobo: transferInFeeKobo(amount),
          paidAt: new Date(),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sandboxPaystackTransactions)
        .where(eq(sandboxPaystackTransactions.reference, reference));
      if (row!.channel !== 'dedicated_nuban' || row!.email !== customer!.email)
        return answer(reply, 400, 'Duplicate Transaction Reference');
      const paidAt = row!.paidAt!.toISOString();
      sendWebhook('charge.success', {
        id: row!.id,
        domain: 'test',
        status: 'success',
        reference,
        amount: row!.amountKobo,
        message: null,
        gateway_response: 'Approved',
        paid_at: paidAt,
        created_at: row!.createdAt.toISOString(),
        channel: 'dedicated_nuban',
        currency: 'NGN',
        ip_address: null,
        metadata,
        fees_breakdown: null,
        log: null,
        fees: row!.feesKobo,
        fees_split: null,
        authorization: {
          authorization_code: `AUTH_${randomBytes(5).toString('hex')}`,
          bin: '008XXX',
          last4: 'X553',
          exp_month: String(new Date().getMonth() + 1).padStart(2, '0'),
          exp_year: String(new Date().getFullYear()),
          channel: 'dedicated_nuban',
          card_type: 'transfer',
          bank: null,
          country_code: 'NG',
          brand: 'Managed Account',
          reusable: false,
          signature: null,
          account_name: null,
          sender_country: 'NG',
          sender_bank: 'Any Bank',
          sender_bank_account_number: 'XXXXXX0000',
          sender_name: senderName,
          narration: `Transfer to ${account.accountName}`,
          receiver_bank_account_number: accountNumber,
          receiver_bank: bankName,
        },
        customer: customerSummary(customer!),
        plan: null,
        subaccount: null,
        split: null,
        order_id: null,
        paidAt,
        requested_amount: row!.amountKobo,
        pos_transaction_data: null,
        source: null,
      });
      return answer(reply, 200, 'Transfer received', { reference, status: 'success' });
    },
  );
}
