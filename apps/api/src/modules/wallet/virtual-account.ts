import { formatNaira, koboToNaira, type VirtualAccount } from '@ruwa/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { mailReceipt, notify, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import { getSettings } from '../settings/service';
import type { UserRow } from '../users/service';
import { credit } from './ledger';
import { ledgerEntries, virtualAccounts, type LedgerEntryRow, type VirtualAccountRow } from './schema';

export const TRANSFER_CHANNEL = 'dedicated_nuban';

/** How a bank transfer in reads on the statement; a card deposit reads otherwise. */
const TRANSFER_IN_DESCRIPTION = 'Bank transfer';

/** Whether a deposit came by bank transfer to the customer's account number (not by card). */
export const isTransferIn = (entry: { type: string; description: string }) =>
  entry.type === 'deposit' && entry.description.startsWith(TRANSFER_IN_DESCRIPTION);

const toVirtualAccount = (row: VirtualAccountRow): VirtualAccount => ({
  bank_name: row.bankName,
  account_number: row.accountNumber,
  account_name: row.accountName,
});

/**
 * The customer's own bank account for funding the wallet by transfer, opened with Paystack on the
 * first request. Two first requests at once may both ask Paystack; Paystack answers the same
 * customer (keyed by e-mail) and one row wins the unique user index, so the customer sees one account.
 */
export async function getVirtualAccount(ctx: AppContext, user: UserRow): Promise<VirtualAccount> {
  const [existing] = await ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, user.id));
  if (existing) return toVirtualAccount(existing);
  const customer = await ctx.paystack.createCustomer({
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phoneNumber,
  });
  const account = await ctx.paystack.createDedicatedAccount({
    customerCode: customer.customerCode,
    preferredBank: ctx.config.PAYSTACK_DVA_BANK,
  });
  await ctx.db
    .insert(virtualAccounts)
    .values({
      userId: user.id,
      customerCode: account.customerCode,
      providerId: account.id,
      bankName: account.bankName,
      bankSlug: account.bankSlug,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, user.id));
  return toVirtualAccount(row!);
}

/**
 * The one place a bank transfer becomes wallet money: a deposit entry, once per Paystack reference.
 * Answers the entry, or null when that reference was credited already (nothing moved).
 */
async function creditTransferIn(
  tx: Tx,
  userId: number,
  transfer: { reference: string; creditKobo: number; feeKobo: number },
): Promise<LedgerEntryRow | null> {
  const [done] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'deposit'), eq(ledgerEntries.reference, transfer.reference)));
  if (done) return null;
  const fee = transfer.feeKobo > 0 ? ` (less ${formatNaira(koboToNaira(transfer.feeKobo))} transfer fee)` : '';
  return credit(tx, userId, {
    amountKobo: transfer.creditKobo,
    type: 'deposit',
    reference: transfer.reference,
    description: `${TRANSFER_IN_DESCRIPTION}${fee}`,
  });
}

type ChargeData = Record<string, unknown>;
const objectAt = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : ({} as Record<string, unknown>);

/**
 * A `charge.success` on the dedicated_nuban channel: money arrived in a customer's dedicated account.
 * The account it reached names the customer; the amount and fee are the ones Paystack reports when
 * we verify the reference ourselves, never the webhook's word alone. Replays credit nothing (the
 * deposit's reference is unique in the ledger).
 */
export async function onTransferIn(ctx: AppContext, data: ChargeData): Promise<void> {
  const reference = String(data.reference ?? '');
  const authorization = objectAt(data.authorization);
  const metadata = objectAt(data.metadata);
  const accountNumber = String(authorization.receiver_bank_account_number ?? metadata.receiver_account_number ?? '');
  const customerCode = String(objectAt(data.customer).customer_code ?? '');
  const [account] = await ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.accountNumber, accountNumber));
  const [byCustomer] = account
    ? [account]
    : await ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.customerCode, customerCode));
  if (!reference || !byCustomer) {
    ctx.log.warn({ reference, accountNumber }, 'bank transfer into an account we do not know; nothing credited');
    return;
  }
  const verified = await ctx.paystack.verify(reference);
  if (!verified || verified.status !== 'success' || verified.currency !== 'NGN' || !(verified.amountKobo > 0)) {
    ctx.log.warn({ reference, status: verified?.status }, 'bank transfer not confirmed by Paystack; nothing credited');
    return;
  }
  const settings = await getSettings(ctx.db);
  const feeKobo = settings.funding.transfer_fee_bearer === 'customer' ? Math.max(0, verified.feesKobo ?? 0) : 0;
  const creditKobo = verified.amountKobo - feeKobo;
  if (creditKobo <= 0) {
    ctx.log.warn({ reference, amountKobo: verified.amountKobo, feeKobo }, 'bank transfer smaller than its fee');
    return;
  }
  const entry = await ctx.db.transaction(async (tx) => {
    const credited = await creditTransferIn(tx, byCustomer.userId, { reference, creditKobo, feeKobo });
    if (!credited) return null;
    await notify(tx, byCustomer.userId, {
      kind: 'wallet',
      title: 'Bank transfer received',
      description: `${formatNaira(koboToNaira(creditKobo))} was added to your wallet.`,
    });
    return credited;
  });
  if (entry)
    await mailReceipt(ctx, {
      userId: byCustomer.userId,
      kind: 'transfer_in',
      reference: entry.txId,
      at: entry.createdAt,
      what: RECEIPT_WHAT.transferIn,
      amountKobo: creditKobo,
      feeKobo,
      paidWith: RECEIPT_PAID_WITH.bankTransfer,
      status: RECEIPT_STATUSES.successful,
    });
}
