import {
  API_ERROR_CODES,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type WithdrawalHoldReason,
  type withdrawBody,
} from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { getUser } from '../users/service';
import { newReference } from '../../lib/references';
import { audit, recordCreatedByCustomer, recordStatusChange, SYSTEM, type Actor } from '../audit/service';
import { journal, post } from '../ledger/service';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { credit, debit, findMovement, lockWallet } from './ledger';
import { requireWalletPin } from './pin';
import {
  bankAccounts,
  ledgerEntries,
  withdrawals,
  type LedgerEntryRow,
  type WithdrawalRow,
  type WithdrawalStatus,
} from './schema';
import { dueHeldWithdrawals, holdFor, needsApproval, withdrawalHoldRules } from './withdrawal-holds';

// Withdrawals: set the money aside first, then ask the provider; settle or reverse exactly once. A
// held one waits before asking: released (by the job at its time, or an admin) or cancelled, once.

/** What the customer is told about a held withdrawal, a whole sentence per reason. */
export const WITHDRAWAL_HOLD_TEXTS = {
  pin_reset: (amount: string, destination: string, when: string) =>
    `Your wallet PIN was reset, so your withdrawal of ${amount} to ${destination} is held until ${when}. You can cancel it from your wallet.`,
  password_reset: (amount: string, destination: string, when: string) =>
    `Your password was reset, so your withdrawal of ${amount} to ${destination} is held until ${when}. You can cancel it from your wallet.`,
  new_bank_account: (amount: string, destination: string, when: string) =>
    `This bank account is new, so your withdrawal of ${amount} to ${destination} is held until ${when}. You can cancel it from your wallet.`,
  large_amount: (amount: string, destination: string) =>
    `Your withdrawal of ${amount} to ${destination} is a large one, so our team checks it before it is sent. You can cancel it from your wallet until then.`,
  name_mismatch: (amount: string, destination: string) =>
    `The bank account ${destination} is not in your name, so our team checks your withdrawal of ${amount} before it is sent. You can cancel it from your wallet until then.`,
} as const;

export function heldMessage(
  reason: WithdrawalHoldReason,
  amountKobo: number,
  destination: string,
  until: Date | null,
): string {
  const amount = formatNaira(koboToNaira(amountKobo));
  return WITHDRAWAL_HOLD_TEXTS[reason](amount, destination, until ? formatDateTime(until) : '');
}

async function setStatus(
  tx: Tx,
  row: WithdrawalRow,
  to: WithdrawalStatus,
  actor: Actor,
  changes: Partial<Pick<WithdrawalRow, 'failureReason' | 'releasedAt' | 'releasedBy'>> = {},
  note?: string,
) {
  const now = new Date();
  await tx
    .update(withdrawals)
    .set({ status: to, ...changes, updatedAt: now })
    .where(eq(withdrawals.id, row.id));
  await recordStatusChange(tx, { entity: 'withdrawal', entityId: row.id, from: row.status, to, actor, note });
  // The customer's statement line follows the withdrawal.
  await tx
    .update(ledgerEntries)
    .set({ status: to, updatedAt: now })
    .where(and(eq(ledgerEntries.type, 'withdrawal'), eq(ledgerEntries.reference, row.reference)));
}

/** Locks a withdrawal until the caller's transaction ends: every status move starts here. */
async function lockWithdrawal(tx: Tx, ref: string, userId?: number): Promise<WithdrawalRow | null> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.reference, ref), userId === undefined ? undefined : eq(withdrawals.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Asks Paystack to pay a pending withdrawal. A failure leaves it pending: reconciliation finishes it. */
async function startTransfer(ctx: AppContext, row: WithdrawalRow, recipientCode: string) {
  try {
    const transfer = await ctx.paystack.transfer({
      amountKobo: row.amountKobo,
      recipientCode,
      reference: row.reference,
      reason: 'Ruwa wallet withdrawal',
    });
    await ctx.db
      .update(withdrawals)
      .set({ transferCode: transfer.transferCode, updatedAt: new Date() })
      .where(eq(withdrawals.id, row.id));
  } catch (error) {
    // The money stays set aside; the reconciliation job asks the provider and settles or reverses it.
    ctx.log.warn({ err: error, reference: row.reference }, 'transfer not started; reconciliation will finish it');
  }
}

export async function withdraw(ctx: AppContext, userId: number, body: z.output<typeof withdrawBody>) {
  await requireWalletPin(ctx, userId, body.pin);
  const [account] = await ctx.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, body.selected_bank), eq(bankAccounts.userId, userId)));
  if (!account) throw fieldError('selected_bank', 'Please select a bank.');
  const amountKobo = nairaToKobo(body.amount);
  const ref = newReference('WDR');
  const destination = `${account.bankName} ${account.accountNumber} (${account.accountName})`;
  const [rules, owner] = await Promise.all([withdrawalHoldRules(ctx.db), getUser(ctx.db, userId)]);

  const { withdrawal, entry } = await ctx.db.transaction(async (tx) => {
    // Locked before the cool-downs are read, as a reset locks it to start one: see startWithdrawalCooldown.
    await lockWallet(tx, userId);
    const hold = await holdFor(tx, { userId, owner, account, amountKobo, rules, now: new Date() });
    const status = hold ? 'held' : 'pending';
    const debited = await debit(tx, userId, {
      amountKobo,
      type: 'withdrawal',
      reference: ref,
      description: `Withdrawal to ${destination}`,
      status,
    });
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        bankAccountId: account.id,
        destination,
        amountKobo,
        reference: ref,
        status,
        holdReason: hold?.reason ?? null,
        heldUntil: hold?.until ?? null,
      })
      .returning();
    await recordCreatedByCustomer(tx, 'withdrawal', row!.id, status, userId);
    await notify(tx, userId, {
      kind: 'wallet',
      title: hold ? 'Withdrawal held' : 'Withdrawal submitted',
      description: hold
        ? heldMessage(hold.reason, amountKobo, destination, hold.until)
        : `${formatNaira(body.amount)} is on its way to ${destination}.`,
    });
    return { withdrawal: row!, entry: debited };
  });

  await mailWithdrawalReceipt(ctx, withdrawal, 'withdrawal', entry);
  if (withdrawal.status === 'pending') await startTransfer(ctx, withdrawal, account.recipientCode);
  return withdrawal;
}

/**
 * Queues a withdrawal's receipt e-mail after its change committed: asked for (the withdrawal's own
 * wallet movement), paid (the same movement, now settled) or failed (the credit that gave it back).
 */
async function mailWithdrawalReceipt(
  ctx: AppContext,
  row: WithdrawalRow,
  kind: 'withdrawal' | 'withdrawal_settled' | 'withdrawal_failed',
  entry: LedgerEntryRow | null,
) {
  if (!entry) return;
  const status =
    kind === 'withdrawal_settled'
      ? RECEIPT_STATUSES.paid
      : kind === 'withdrawal_failed'
        ? RECEIPT_STATUSES.reversed
        : row.status === 'held'
          ? RECEIPT_STATUSES.held
          : RECEIPT_STATUSES.onItsWay;
  await mailReceipt(ctx, {
    userId: row.userId,
    kind,
    reference: entry.txId,
    at: kind === 'withdrawal' ? entry.createdAt : new Date(),
    what: RECEIPT_WHAT.withdrawal(row.destination),
    amountKobo: row.amountKobo,
    feeKobo: 0,
    paidWith: kind === 'withdrawal_failed' ? RECEIPT_PAID_WITH.toWallet : RECEIPT_PAID_WITH.toBank(row.destination),
    status,
  });
}

const notHeld = () =>
  new AppError('conflict', 'This withdrawal is no longer held: it was sent to the bank or cancelled.');
const ownWithdrawal = () =>
  new AppError('forbidden', 'Another admin must approve this withdrawal: it is your own.', undefined, {
    code: API_ERROR_CODES.secondAdminRequired,
  });

/**
 * Ends a withdrawal's hold and starts its bank transfer; answers whether this call ended it. Once,
 * whoever comes first: a cancel, an admin's release and the release job each lock the row and act
 * only on a withdrawal still held.
 */
async function endHold(ctx: AppContext, ref: string, actor: Actor): Promise<boolean> {
  const released = await ctx.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, ref);
    if (!row) throw notFound('Withdrawal');
    if (row.status !== 'held') return null;
    const approval = needsApproval(row.holdReason);
    // Only an admin ends a hold no clock ends; and never on their own money (maker-checker).
    if (approval && actor.role !== 'admin') return null;
    if (actor.role === 'admin' && actor.id === row.userId) throw ownWithdrawal();
    const releasedAt = new Date();
    const releasedBy = actor.role === 'admin' ? actor.id : null;
    const note =
      actor.role === 'system' ? 'The hold ended' : approval ? 'Approved by an admin' : 'Released by an admin';
    await setStatus(tx, row, 'pending', actor, { releasedAt, releasedBy }, note);
    // An admin's decision to send money (sooner, or at all): who, when, and what the hold was.
    if (actor.role === 'admin')
      await audit(tx, {
        actorId: actor.id,
        action: approval ? 'withdrawal.approve' : 'withdrawal.release',
        entity: 'withdrawals',
        entityId: row.id,
        before: { status: 'held', hold_reason: row.holdReason, held_until: row.heldUntil?.toISOString() ?? null },
        after: { status: 'pending', released_at: releasedAt.toISOString(), amount_kobo: row.amountKobo },
      });
    await notify(tx, row.userId, {
      kind: 'wallet',
      title: 'Withdrawal on its way',
      description: `${formatNaira(koboToNaira(row.amountKobo))} is on its way to ${row.destination}.`,
    });
    return { ...row, status: 'pending' as const, releasedAt, releasedBy };
  });
  if (!released) return false;
  const [account] = released.bankAccountId
    ? await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, released.bankAccountId))
    : [];
  // The customer removed the account while the money waited: it goes back to the wallet instead.
  if (!account) await settleWithdrawal(ctx, ref, 'reversed', 'The bank account was removed');
  else await startTransfer(ctx, released, account.recipientCode);
  return true;
}

/**
 * An admin releases a held withdrawal after calling the customer: its transfer starts at once.
 * Answers the withdrawal as it is now; one no longer held (cancelled, or already sent) is a 409.
 */
export async function releaseHeldWithdrawal(ctx: AppContext, ref: string, adminId: number): Promise<WithdrawalRow> {
  if (!(await endHold(ctx, ref, { id: adminId, role: 'admin' }))) throw notHeld();
  return (await getWithdrawal(ctx.db, ref))!;
}

/**
 * An admin approves a held withdrawal (one waiting for approval, or a timed hold ended early): its
 * transfer starts once. Idempotent: approving one already released answers it as it is now and
 * sends nothing again; a cancelled one is a 409, the admin's own withdrawal a 403.
 */
export async function approveHeldWithdrawal(ctx: AppContext, ref: string, adminId: number): Promise<WithdrawalRow> {
  if (!(await endHold(ctx, ref, { id: adminId, role: 'admin' }))) {
    const row = await getWithdrawal(ctx.db, ref);
    if (!row) throw notFound('Withdrawal');
    if (row.userId === adminId) throw ownWithdrawal();
    if (row.releasedAt === null) throw notHeld();
  }
  return (await getWithdrawal(ctx.db, ref))!;
}

/**
 * The customer cancels a held withdrawal: the money goes back to the wallet, once. Cancelling again
 * answers the cancelled withdrawal and credits nothing; one whose transfer started is a 409.
 */
export async function cancelHeldWithdrawal(ctx: AppContext, userId: number, ref: string): Promise<WithdrawalRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, ref, userId);
    if (!row) throw notFound('Withdrawal');
    if (row.status === 'cancelled') return row;
    if (row.status !== 'held') throw notHeld();
    await setStatus(tx, row, 'cancelled', { id: userId, role: 'customer' }, {}, 'Cancelled by the customer');
    await credit(tx, userId, {
      amountKobo: row.amountKobo,
      type: 'reversal',
      reference: row.reference,
      description: `Cancelled: withdrawal to ${row.destination}`,
    });
    await notify(tx, userId, {
      kind: 'wallet',
      title: 'Withdrawal cancelled',
      description: `Your withdrawal of ${formatNaira(koboToNaira(row.amountKobo))} was cancelled and the money is back in your wallet.`,
    });
    return { ...row, status: 'cancelled' as const };
  });
}

/** The release job: every held withdrawal whose time has come by `now` starts its transfer. */
export async function releaseDueWithdrawals(ctx: AppContext, now = new Date()): Promise<number> {
  let released = 0;
  for (const ref of await dueHeldWithdrawals(ctx.db, now)) {
    try {
      if (await endHold(ctx, ref, SYSTEM)) released += 1;
    } catch (error) {
      ctx.log.warn({ err: error, reference: ref }, 'held withdrawal not released; the next run tries again');
    }
  }
  return released;
}

/** Marks a withdrawal settled, or reverses it with a compensating credit: once, whoever calls first. */
export async function settleWithdrawal(ctx: AppContext, ref: string, outcome: 'success' | 'reversed', reason?: string) {
  const settled = await ctx.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, ref);
    if (!row || row.status !== 'pending') return null;
    let reversal: LedgerEntryRow | null = null;
    await setStatus(tx, row, outcome, SYSTEM, { failureReason: reason ?? null }, reason);
    if (outcome === 'success') {
      // The money left Paystack for the customer's bank: no longer owed, no longer ours.
      await post(tx, journal('withdrawal_settled', ref, { amountKobo: row.amountKobo }));
    } else {
      reversal = await credit(tx, row.userId, {
        amountKobo: row.amountKobo,
        type: 'reversal',
        reference: ref,
        description: `Reversed: ${reason ?? 'withdrawal failed'}`,
      });
    }
    await notify(tx, row.userId, {
      kind: 'wallet',
      title: outcome === 'success' ? 'Withdrawal completed' : 'Withdrawal reversed',
      description:
        outcome === 'success'
          ? `${formatNaira(koboToNaira(row.amountKobo))} was paid to ${row.destination}.`
          : `${reason ?? 'The transfer failed'}. ${formatNaira(koboToNaira(row.amountKobo))} is back in your wallet.`,
    });
    return { row, reversal };
  });
  if (!settled) return;
  if (settled.reversal) await mailWithdrawalReceipt(ctx, settled.row, 'withdrawal_failed', settled.reversal);
  else
    await mailWithdrawalReceipt(ctx, settled.row, 'withdrawal_settled', await findMovement(ctx.db, 'withdrawal', ref));
}

export async function reconcileWithdrawals(ctx: AppContext, now = new Date()) {
  // Ten minutes from when the transfer was asked for: at the request, or when a hold ended.
  const since = new Date(now.getTime() - 10 * 60_000);
  const stale = await ctx.db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'pending'),
        lt(withdrawals.createdAt, since),
        or(isNull(withdrawals.releasedAt), lt(withdrawals.releasedAt, since)),
      ),
    )
    .limit(200);
  let settled = 0;
  for (const row of stale) {
    try {
      const status = await ctx.paystack.verifyTransfer(row.reference);
      if (status === 'success') await settleWithdrawal(ctx, row.reference, 'success');
      else if (status === null || status === 'failed' || status === 'reversed') {
        await settleWithdrawal(
          ctx,
          row.reference,
          'reversed',
          status === null ? 'The transfer never started' : `The bank transfer ${status}`,
        );
      } else continue;
      settled += 1;
    } catch (error) {
      ctx.log.warn({ err: error, reference: row.reference }, 'withdrawal reconciliation failed');
    }
  }
  return settled;
}

export async function getWithdrawal(db: DbOrTx, ref: string): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.reference, ref));
  return row ?? null;
}
