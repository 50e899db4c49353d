import { koboToNaira, type StuckCardRefund } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { requestCardRefund, unpaidCardRefund, unpaidCardRefunds, type UnpaidCardRefund } from '../payments/service';

const present = (row: UnpaidCardRefund): StuckCardRefund => ({
  id: row.id,
  order_id: row.orderId,
  vtu_purchase_id: row.vtuPurchaseId,
  transaction_reference: row.transactionReference,
  amount: koboToNaira(row.amountKobo),
  status: row.status,
  attempts: row.attempts,
  gave_up: row.gaveUp,
  last_error: row.lastError,
  requested_at: row.requestedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** Card refunds Paystack has not paid out (requested, pending, failed), the oldest first. */
export async function listStuckCardRefunds(db: DbOrTx, paging: { limit: number; offset: number }) {
  const { rows, total } = await unpaidCardRefunds(db, paging);
  return { rows: rows.map(present), total };
}

/**
 * Support asks Paystack again for a card refund it has not accepted, through the same claim as the
 * job (`requestCardRefund`): never while another ask is under way or was made in the last minutes,
 * and whatever the number of tries, so a refund the job gave up on can still go out. Audited, the
 * answer included; a refusal is a 502 with Paystack's reason, and stays on the refund.
 */
export async function askPaystackAgain(ctx: AppContext, adminId: number, id: number): Promise<StuckCardRefund | null> {
  const before = await unpaidCardRefund(ctx.db, id);
  if (!before) throw notFound('Card refund');
  if (before.status === 'pending')
    throw new AppError('conflict', 'Paystack has accepted this refund; its answer is on the way.');
  if (before.status === 'failed')
    throw new AppError('conflict', "The bank refused this refund, so the money went to the customer's wallet.");
  const accepted = await requestCardRefund(ctx, id);
  const after = await unpaidCardRefund(ctx.db, id);
  if (!accepted && after && after.attempts === before.attempts)
    throw new AppError('conflict', 'Paystack was asked about this refund minutes ago. Try again shortly.');
  await audit(ctx.db, {
    actorId: adminId,
    action: 'reconciliation.card_refund_retry',
    entity: 'card_refunds',
    entityId: id,
    before: { status: before.status, attempts: before.attempts, last_error: before.lastError },
    after: { status: after?.status ?? 'processed', attempts: after?.attempts, last_error: after?.lastError ?? null },
  });
  if (!accepted)
    throw new AppError('bad_gateway', `Paystack did not accept the refund: ${after?.lastError ?? 'no answer'}`);
  return after ? present(after) : null;
}
