import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { eventually, sandboxCharge } from '../../../test/helpers/payments';
import { webhookEvents } from '../../modules/payments/schema';
import { PaystackError } from './client';
import { SANDBOX_FAILING_REFUND_NOTE } from './sandbox-refunds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The refund webhook our route received and stored, once it arrives. */
const refundEvent = (event: 'refund.processed' | 'refund.failed', refundId: string) =>
  eventually(async () => {
    const [row] = await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.event, event), eq(webhookEvents.reference, refundId)));
    return row;
  });

describe('Paystack refunds (client and sandbox)', () => {
  it('queues a full refund of a card payment, then signs and sends refund.processed', async () => {
    const reference = await sandboxCharge(t, { amountKobo: 1_500_00, email: 'refund@example.com' });
    const refund = await t.ctx.paystack.refund({ reference, customerNote: 'Airtime not delivered' });
    expect(refund).toMatchObject({ status: 'pending', amountKobo: 1_500_00, transactionReference: reference });

    const event = await refundEvent('refund.processed', refund.id);
    expect(event.payload).toMatchObject({
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: reference, amount: 1_500_00, currency: 'NGN' },
    });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/sandbox/paystack/refund/${refund.id}`,
      headers: { authorization: `Bearer ${t.ctx.config.PAYSTACK_SECRET_KEY}` },
    });
    expect(fetched.json()).toMatchObject({ status: true, data: { status: 'processed', amount: 1_500_00 } });
  });

  it('refunds part of a payment, never more than what is left, and reports a refund the bank refused', async () => {
    const reference = await sandboxCharge(t, { amountKobo: 1_000_00, email: 'partial@example.com' });
    const part = await t.ctx.paystack.refund({ reference, amountKobo: 600_00 });
    expect(part.amountKobo).toBe(600_00);
    await expect(t.ctx.paystack.refund({ reference, amountKobo: 500_00 })).rejects.toThrow(
      'Refund amount cannot be greater than the transaction amount',
    );
    const failing = await t.ctx.paystack.refund({
      reference,
      amountKobo: 400_00,
      merchantNote: SANDBOX_FAILING_REFUND_NOTE,
    });
    const event = await refundEvent('refund.failed', failing.id);
    expect(event.payload).toMatchObject({ data: { status: 'failed', transaction_reference: reference } });
  });

  it('refuses a transaction Paystack does not know, or one that was never paid', async () => {
    await expect(t.ctx.paystack.refund({ reference: 'NO_SUCH_REFERENCE' })).rejects.toBeInstanceOf(PaystackError);
    const reference = await sandboxCharge(t, { amountKobo: 500_00, email: 'declined@example.com', outcome: 'failed' });
    await expect(t.ctx.paystack.refund({ reference })).rejects.toThrow(
      'Cannot refund a transaction that was not successful',
    );
  });
});
