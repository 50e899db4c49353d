import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { FAILING_ACCOUNT, SANDBOX_BANKS, sandboxAccountName } from './banks';
import { code, type SandboxTools } from './sandbox-tools';
import { sandboxPaystackRecipients, sandboxPaystackTransfers } from './schema';

/**
 * What a withdrawal uses of Paystack: the bank list, account name lookup, transfer recipients and
 * transfers, each settled a moment later with its webhook.
 */
export function registerTransferSandbox(sandbox: FastifyInstance, ctx: AppContext, tools: SandboxTools) {
  const s = sandbox.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const { requireSecret, answer, sendWebhook } = tools;

  s.get('/bank', { onRequest: requireSecret }, async (_request, reply) =>
    answer(
      reply,
      200,
      'Banks retrieved',
      SANDBOX_BANKS.map((bank, i) => ({
        id: i + 1,
        ...bank,
        slug: bank.code,
        active: true,
        currency: 'NGN',
        type: 'nuban',
        country: 'Nigeria',
      })),
    ),
  );

  s.get('/bank/resolve', { onRequest: requireSecret }, async (request, reply) => {
    const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.query as Record<
      string,
      string | undefined
    >;
    const name = SANDBOX_BANKS.some((bank) => bank.code === bankCode) ? sandboxAccountName(accountNumber) : null;
    if (!name) return answer(reply, 422, 'Could not resolve account name. Check parameters or try again.');
    return answer(reply, 200, 'Account number resolved', {
      account_number: accountNumber,
      account_name: name,
      bank_id: 1,
    });
  });

  s.post(
    '/transferrecipient',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          name: z.string().min(1),
          account_number: z.string(),
          bank_code: z.string(),
          type: z.string().optional(),
          currency: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { name, account_number: accountNumber, bank_code: bankCode } = request.body;
      if (!sandboxAccountName(accountNumber)) return answer(reply, 400, 'Account number is invalid');
      const recipientCode = code('RCP');
      await db.insert(sandboxPaystackRecipients).values({ recipientCode, name, accountNumber, bankCode });
      return answer(reply, 201, 'Transfer recipient created successfully', {
        recipient_code: recipientCode,
        name,
        details: { account_number: accountNumber, bank_code: bankCode },
      });
    },
  );

  s.post(
    '/transfer',
    {
      onRequest: requireSecret,
      schema: {
        body: z.object({
          amount: z.coerce.number().int().positive(),
          recipient: z.string(),
          reference: z.string().min(1).max(100),
          reason: z.string().optional(),
          source: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { amount, recipient, reference, reason } = request.body;
      const [to] = await db
        .select()
        .from(sandboxPaystackRecipients)
        .where(eq(sandboxPaystackRecipients.recipientCode, recipient));
      if (!to) return answer(reply, 400, 'Recipient specified is invalid');
      const [existing] = await db
        .select()
        .from(sandboxPaystackTransfers)
        .where(eq(sandboxPaystackTransfers.reference, reference));
      if (existing) return answer(reply, 400, 'Duplicate Transfer Reference');
      const transferCode = code('TRF');
      await db
        .insert(sandboxPaystackTransfers)
        .values({ reference, transferCode, recipientCode: recipient, amountKobo: amount, reason });
      const data = {
        reference,
        transfer_code: transferCode,
        amount,
        currency: 'NGN',
        recipient: { recipient_code: recipient },
      };
      const settle = async (status: string) => {
        await db
          .update(sandboxPaystackTransfers)
          .set({ status, updatedAt: new Date() })
          .where(eq(sandboxPaystackTransfers.reference, reference));
      };
      // The transfer settles a moment later, as Paystack's do, and the webhook tells us.
      setTimeout(() => {
        const failing = to.accountNumber === FAILING_ACCOUNT;
        void settle(failing ? 'reversed' : 'success')
          .then(() => {
            if (failing) {
              sendWebhook('transfer.failed', { ...data, status: 'failed' });
              sendWebhook('transfer.reversed', { ...data, status: 'reversed' }, 200);
            } else {
              sendWebhook('transfer.success', { ...data, status: 'success' });
            }
          })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'sandbox transfer not settled'));
      }, 300).unref();
      return answer(reply, 200, 'Transfer has been queued', { ...data, status: 'pending' });
    },
  );

  s.get('/transfer/verify/:reference', { onRequest: requireSecret }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const [row] = await db
      .select()
      .from(sandboxPaystackTransfers)
      .where(eq(sandboxPaystackTransfers.reference, reference));
    if (!row) return answer(reply, 400, 'Transfer not found');
    return answer(reply, 200, 'Transfer retrieved', {
      reference,
      status: row.status,
      amount: row.amountKobo,
      transfer_code: row.transferCode,
    });
  });
}
