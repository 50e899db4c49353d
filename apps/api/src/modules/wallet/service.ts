import {
  depositInput,
  formatNaira,
  koboToNaira,
  MAX_BANK_ACCOUNTS,
  nairaToKobo,
  type BankDetail,
  type bankDetailsBody,
  type Wallet,
  type WalletTransaction,
  type withdrawBody,
} from '@ruwa/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import type { Bank } from '../../platform/paystack/client';
import { recordCreatedByCustomer, recordStatusChange, SYSTEM } from '../audit/service';
import { notify } from '../notifications/service';
import {
  completeCardPayment,
  onPaystackCharge,
  onPaystackEvent,
  registerPurpose,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { credit, debit, ensureWallet } from './ledger';
import {
  bankAccounts,
  ledgerEntries,
  wallets,
  withdrawals,
  type BankAccountRow,
  type LedgerEntryRow,
  type WithdrawalRow,
} from './schema';
import { newReference } from '../../lib/references';
import { ACCOUNTS, CUSTOMER_SAVINGS, OverdraftError, post } from '../ledger/service';
import { pinState, requireWalletPin } from './pin';
import { onTransferIn, TRANSFER_CHANNEL } from './virtual-account';

export {
  credit,
  debit,
  ensureWallet,
  findMovement,
  lockWallet,
  inconsistentWallets,
  payFromWallet,
  walletPaymentStatement,
  type WalletPayment,
} from './ledger';
export { checkSentPin, requestPinReset, requireWalletPin, resetWalletPin, setWalletPin } from './pin';
export { getVirtualAccount } from './virtual-account';

function toBankDetail(row: BankAccountRow): BankDetail {
  return {
    id: row.id,
    bank_name: row.bankName,
    bank_code: row.bankCode,
    account_number: row.accountNumber,
    account_name: row.accountName,
    first_name: row.firstName,
    last_name: row.lastName,
  };
}

export function toTransaction(row: LedgerEntryRow): WalletTransaction {
  return {
    id: row.id,
    tx_id: row.txId,
    type: row.type,
    status: row.status,
    amount: koboToNaira(Math.abs(row.amountKobo)),
    direction: row.amountKobo > 0 ? 'credit' : 'debit',
    balance_after: koboToNaira(row.balanceAfterKobo),
    description: row.description,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getWallet(db: DbOrTx, userId: number): Promise<Wallet> {
  const wallet = await ensureWallet(db, userId);
  const [accounts, pin] = await Promise.all([
    db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(bankAccounts.id),
    pinState(db, userId),
  ]);
  return {
    balance: koboToNaira(wallet.balanceKobo),
    savings: koboToNaira(wallet.savingsKobo),
    bank_details: accounts.map(toBankDetail),
    pin_set: pin.set,
    pin_locked_until: pin.lockedUntil?.toISOString() ?? null,
  };
}

export async function listTransactions(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const wallet = await ensureWallet(db, userId);
  const where = eq(ledgerEntries.walletId, wallet.id);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(ledgerEntries).where(where),
  ]);
  return { rows: rows.map(toTransaction), total: totals?.total ?? 0 };
}

/** What has reached this user's wallet under one movement type (kobo): e.g. the commission paid to an agent. */
export async function creditedKobo(db: DbOrTx, userId: number, type: 'commission' | 'reward'): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountKobo})` })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(and(eq(wallets.userId, userId), eq(ledgerEntries.type, type), eq(ledgerEntries.status, 'success')));
  return Number(row?.total ?? 0);
}

// Deposits: a verified card payment credits the ledger once per reference.

const depositPurpose: Purpose<z.output<typeof depositInput>, Extract<Fulfilment, { kind: 'deposit' }>> = {
  name: 'deposit',
  input: depositInput,
  prepare: async (_ctx, userId, input) => {
    const amountKobo = nairaToKobo(input.amount);
    return {
      amountKobo,
      fulfil: async (tx, payment) => {
        const entry = await credit(tx, userId, {
          amountKobo,
          type: 'deposit',
          reference: payment.reference,
          description: 'Card deposit',
        });
        await notify(tx, userId, {
          kind: 'wallet',
          title: 'Deposit successful',
          description: `${formatNaira(input.amount)} was added to your wallet.`,
        });
        return { kind: 'deposit', entryId: entry.id };
      },
    };
  },
};

export function registerWalletPurposes() {
  registerPurpose(depositPurpose);
  onPaystackCharge(TRANSFER_CHANNEL, onTransferIn);
  onPaystackEvent('transfer.success', (ctx, data) => settleWithdrawal(ctx, String(data.reference), 'success'));
  onPaystackEvent('transfer.failed', (ctx, data) =>
    settleWithdrawal(ctx, String(data.reference), 'reversed', 'The bank transfer failed'),
  );
  onPaystackEvent('transfer.reversed', (ctx, data) =>
    settleWithdrawal(ctx, String(data.reference), 'reversed', 'The bank transfer was reversed'),
  );
}

export async function deposit(ctx: AppContext, userId: number, body: { amount: number; tx_id: string }) {
  const result = await completeCardPayment(ctx, depositPurpose, {
    userId,
    reference: body.tx_id,
    input: { amount: body.amount },
    referenceField: 'tx_id',
  });
  const [entry] = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, result.fulfilment.entryId));
  return { created: result.created, transaction: toTransaction(entry!), wallet: await getWallet(ctx.db, userId) };
}

// Banks and bank accounts

const BANK_LIST_TTL_MS = 3600_000;
/** Paystack's bank list, fetched at most once an hour per client; concurrent first callers share one request. */
const bankCache = new WeakMap<AppContext['paystack'], { at: number; banks: Promise<Bank[]> }>();
export async function listBanks(ctx: AppContext): Promise<Bank[]> {
  const cached = bankCache.get(ctx.paystack);
  if (cached && Date.now() - cached.at < BANK_LIST_TTL_MS) return cached.banks;
  const entry = { at: Date.now(), banks: ctx.paystack.listBanks() };
  bankCache.set(ctx.paystack, entry);
  // A failure is never cached: the next call asks again.
  entry.banks.catch(() => bankCache.get(ctx.paystack) === entry && bankCache.delete(ctx.paystack));
  return entry.banks;
}

export async function resolveAccount(ctx: AppContext, accountNumber: string, bankCode: string) {
  const bank = (await listBanks(ctx)).find((b) => b.code === bankCode);
  if (!bank) throw fieldError('bank_code', 'Please select a bank');
  const accountName = await ctx.paystack.resolveAccount(accountNumber, bankCode);
  if (!accountName)
    throw fieldError('account_number', 'We could not find this account at the selected bank. Check the number.');
  return { bank, accountName };
}

export async function addBankAccount(ctx: AppContext, userId: number, body: z.output<typeof bankDetailsBody>) {
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  if (n >= MAX_BANK_ACCOUNTS)
    throw fieldError('account_number', `You can save up to ${MAX_BANK_ACCOUNTS} bank accounts. Delete one first.`);
  const { bank, accountName } = await resolveAccount(ctx, body.account_number, body.bank_name).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.fields?.bank_code) throw fieldError('bank_name', 'Please select a bank');
      throw error;
    },
  );
  const [existing] = await ctx.db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.bankCode, bank.code),
        eq(bankAccounts.accountNumber, body.account_number),
      ),
    );
  if (existing) throw fieldError('account_number', 'This bank account is already saved.');
  const recipientCode = await ctx.paystack.createTransferRecipient({
    name: accountName,
    accountNumber: body.account_number,
    bankCode: bank.code,
  });
  const [row] = await ctx.db
    .insert(bankAccounts)
    .values({
      userId,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: body.account_number,
      accountName,
      firstName: body.first_name,
      lastName: body.last_name,
      recipientCode,
    })
    .returning();
  return toBankDetail(row!);
}

export async function deleteBankAccount(ctx: AppContext, userId: number, id: number) {
  const rows = await ctx.db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
    .returning({ id: bankAccounts.id });
  if (!rows.length) throw notFound('Bank account');
}

// Withdrawals: hold the money first, then ask the provider; settle or reverse exactly once.

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

  const withdrawal = await ctx.db.transaction(async (tx) => {
    await debit(tx, userId, {
      amountKobo,
      type: 'withdrawal',
      reference: ref,
      description: `Withdrawal to ${destination}`,
      status: 'pending',
    });
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        bankAccountId: account.id,
        destination,
        amountKobo,
        reference: ref,
      })
      .returning();
    await recordCreatedByCustomer(tx, 'withdrawal', row!.id, 'pending', userId);
    await notify(tx, userId, {
      kind: 'wallet',
      title: 'Withdrawal submitted',
      description: `${formatNaira(body.amount)} is on its way to ${destination}.`,
    });
    return row!;
  });

  try {
    const transfer = await ctx.paystack.transfer({
      amountKobo,
      recipientCode: account.recipientCode,
      reference: ref,
      reason: 'Ruwa wallet withdrawal',
    });
    await ctx.db
      .update(withdrawals)
      .set({ transferCode: transfer.transferCode, updatedAt: new Date() })
      .where(eq(withdrawals.id, withdrawal.id));
  } catch (error) {
    // The money stays held; the reconciliation job asks the provider and settles or reverses it.
    ctx.log.warn({ err: error, reference: ref }, 'transfer not started; reconciliation will finish it');
  }
  return withdrawal;
}

/** Marks a withdrawal settled, or reverses it with a compensating credit: once, whoever calls first. */
export async function settleWithdrawal(ctx: AppContext, ref: string, outcome: 'success' | 'reversed', reason?: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.reference, ref)).for('update');
    if (!row || row.status !== 'pending') return;
    await tx
      .update(withdrawals)
      .set({ status: outcome, failureReason: reason ?? null, updatedAt: new Date() })
      .where(eq(withdrawals.id, row.id));
    await recordStatusChange(tx, {
      entity: 'withdrawal',
      entityId: row.id,
      from: row.status,
      to: outcome,
      actor: SYSTEM,
      note: reason,
    });
    await tx
      .update(ledgerEntries)
      .set({ status: outcome, updatedAt: new Date() })
      .where(and(eq(ledgerEntries.type, 'withdrawal'), eq(ledgerEntries.reference, ref)));
    if (outcome === 'success') {
      // The money left Paystack for the customer's bank: no longer owed, no longer ours.
      await post(tx, {
        kind: 'withdrawal_settled',
        reference: ref,
        postings: [
          { account: ACCOUNTS.withdrawalsInTransit.code, amountKobo: row.amountKobo },
          { account: ACCOUNTS.paystackBalance.code, amountKobo: -row.amountKobo },
        ],
      });
    } else {
      await credit(tx, row.userId, {
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
  });
}

export async function reconcileWithdrawals(ctx: AppContext, now = new Date()) {
  const stale = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'pending'), lt(withdrawals.createdAt, new Date(now.getTime() - 10 * 60_000))))
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

// Savings: a pocket inside the wallet. Both moves are ledger entries.

export async function moveToSavings(ctx: AppContext, userId: number, amountNaira: number) {
  const amountKobo = nairaToKobo(amountNaira);
  await ctx.db.transaction(async (tx) => {
    await debit(tx, userId, {
      amountKobo,
      type: 'savings',
      reference: newReference('SAV'),
      description: 'Moved to savings',
      counterAccount: CUSTOMER_SAVINGS,
    });
  });
  return getWallet(ctx.db, userId);
}

export async function moveFromSavings(ctx: AppContext, userId: number, amountNaira: number, pin?: string) {
  await requireWalletPin(ctx, userId, pin);
  const amountKobo = nairaToKobo(amountNaira);
  await ctx.db
    .transaction(async (tx) => {
      await credit(tx, userId, {
        amountKobo,
        type: 'savings',
        reference: newReference('SAV'),
        description: 'Moved from savings',
        counterAccount: CUSTOMER_SAVINGS,
      });
    })
    .catch((error: unknown) => {
      if (error instanceof OverdraftError) throw fieldError('amount', 'You do not have that much in savings.');
      throw error;
    });
  return getWallet(ctx.db, userId);
}

/** Money-movement figures for the admin dashboard since `from`, and the float (all balances). */
export async function walletStats(db: DbOrTx, from: Date) {
  const [movements, [float]] = await Promise.all([
    db
      .select({
        type: ledgerEntries.type,
        n: count(),
        kobo: sql<number>`coalesce(sum(abs(${ledgerEntries.amountKobo})), 0)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(
        and(
          gte(ledgerEntries.createdAt, from),
          sql`${ledgerEntries.type} in ('deposit', 'withdrawal')`,
          // A reversed withdrawal came back to the wallet: no money left.
          sql`not exists (select 1 from ${ledgerEntries} r where r.type = 'reversal' and r.reference = ${ledgerEntries.reference})`,
        ),
      )
      .groupBy(ledgerEntries.type),
    db
      .select({ kobo: sql<number>`coalesce(sum(${wallets.balanceKobo} + ${wallets.savingsKobo}), 0)`.mapWith(Number) })
      .from(wallets),
  ]);
  const of = (type: string) => movements.find((m) => m.type === type) ?? { n: 0, kobo: 0 };
  return { deposits: of('deposit'), withdrawals: of('withdrawal'), floatKobo: float?.kobo ?? 0 };
}
