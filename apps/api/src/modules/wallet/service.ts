import {
  depositInput,
  formatNaira,
  koboToNaira,
  MAX_BANK_ACCOUNTS,
  nairaToKobo,
  WITHDRAWAL_HOLD_HOURS,
  type BankDetail,
  type bankDetailsBody,
  normalizeNigerianPhone,
  toLocalPhone,
  type Wallet,
  type WalletTransaction,
  type WalletTransactionFilters,
  type WalletTransactionRow,
} from '@ruwa/contract';
import { addDaysTo } from '@ruwa/contract/dates';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { pagedSelect, type PagedRows, type Paging } from '../../db/paged';
import { lagosMidnight } from '../../lib/lagos-time';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { notify, RECEIPT_WHAT } from '../notifications/service';
import {
  completeCardPayment,
  onPaystackCharge,
  onPaystackEvent,
  registerPurpose,
  useWalletForCardRefunds,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { lookUpAccount } from './banks';
import { outcomesOf, referencesOfPurchase } from './purchase-outcomes';
import { credit, debit, ensureWallet } from './ledger';
import { bankAccounts, ledgerEntries, wallets, type BankAccountRow, type LedgerEntryRow } from './schema';
import { newReference } from '../../lib/references';
import { containing } from '../../db/like';
import { OverdraftError } from '../ledger/service';
import type { UserRow } from '../users/service';
import { pinState, requireWalletPin } from './pin';
import { onTransferIn, TRANSFER_CHANNEL } from './virtual-account';
import { heldWithdrawalsOf, newAccountHoldAboveKobo } from './withdrawal-holds';
import { settleWithdrawal } from './withdrawals';
// Not through auth/service.ts: that imports agents -> orders -> the wallet, which imports this file.
// eslint-disable-next-line import/no-restricted-paths
import { tellOwner } from '../auth/account-alerts';

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
export type { LedgerEntryRow } from './schema';
export { checkSentPin, requestPinReset, requireWalletPin, resetWalletPin, setWalletPin } from './pin';
export { getVirtualAccount, isTransferIn } from './virtual-account';
export { findOwnMovement, walletStatement, type WalletStatement } from './statement';
export { registerPurchaseOutcomes, type PurchaseOutcome, type PurchaseOutcomeSource } from './purchase-outcomes';
export { installAccountLookupLimits, listBanks, lookUpAccount } from './banks';
export {
  approveHeldWithdrawal,
  cancelHeldWithdrawal,
  getWithdrawal,
  heldMessage,
  reconcileWithdrawals,
  releaseDueWithdrawals,
  releaseHeldWithdrawal,
  settleWithdrawal,
  withdraw,
} from './withdrawals';
export { listWithdrawalsForAdmin, startWithdrawalCooldown } from './withdrawal-holds';
export {
  createCreditRequest,
  findCreditRequest,
  listCreditRequests,
  lockCreditRequest,
  markCreditApproved,
  toCreditRequests,
} from './credit-requests';
export { withdrawalsCreatedBetween } from './withdrawal-export';

/**
 * The first and last name the original client shows, taken from the bank's name for the account
 * (its first word, and the rest): the customer never types whose account it is.
 */
function namesOf(accountName: string): { firstName: string; lastName: string } {
  const [first = accountName, ...rest] = accountName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || first };
}

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
  const [accounts, pin, held] = await Promise.all([
    db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(bankAccounts.id),
    pinState(db, userId),
    heldWithdrawalsOf(db, userId),
  ]);
  return {
    balance: koboToNaira(wallet.balanceKobo),
    savings: koboToNaira(wallet.savingsKobo),
    bank_details: accounts.map(toBankDetail),
    pin_set: pin.set,
    pin_locked_until: pin.lockedUntil?.toISOString() ?? null,
    held_withdrawals: held,
  };
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */

/**
 * What a wallet history search matches: the description, the TX id, the reference, a phone however
 * typed, and a purchase's quoted number (VTU-12: its payment and its refund).
 */
async function searchOf(db: DbOrTx, text: string): Promise<SQL> {
  const pattern = containing(text);
  const matches = [
    ilike(ledgerEntries.description, pattern),
    ilike(ledgerEntries.txId, pattern),
    ilike(ledgerEntries.reference, pattern),
  ];
  // Descriptions write numbers the local way (0803...): +234 803... finds them too.
  const phone = normalizeNigerianPhone(text);
  if (phone) matches.push(ilike(ledgerEntries.description, containing(toLocalPhone(phone))));
  const purchase = await referencesOfPurchase(db, text);
  if (purchase.length > 0) matches.push(inArray(ledgerEntries.reference, purchase));
  return or(...matches)!;
}

/**
 * The wallet's movements, newest first, a page at a time, filtered by type, a period of Lagos days
 * (both included) and free text; each row says what became of what it paid for.
 */
export async function listTransactions(
  db: DbOrTx,
  userId: number,
  paging: Paging,
  filters: WalletTransactionFilters = {},
): Promise<PagedRows<WalletTransactionRow>> {
  const wallet = await ensureWallet(db, userId);
  const where = and(
    eq(ledgerEntries.walletId, wallet.id),
    filters.type ? eq(ledgerEntries.type, filters.type) : undefined,
    filters.from ? gte(ledgerEntries.createdAt, lagosMidnight(filters.from)) : undefined,
    filters.to ? lt(ledgerEntries.createdAt, lagosMidnight(addDaysTo(filters.to, 1))) : undefined,
    filters.q ? await searchOf(db, filters.q) : undefined,
  );
  const { rows, total } = await pagedSelect(db, ledgerEntries, {
    where,
    orderBy: [desc(ledgerEntries.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  const outcomes = await outcomesOf(db, wallet.id, rows);
  return { rows: rows.map((row, i) => ({ ...toTransaction(row), ...outcomes[i]! })), total };
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
    // The deposit's wallet movement, once fulfil made it: the receipt quotes its TX_ id.
    let txId = '';
    return {
      amountKobo,
      receipt: () => ({ kind: 'deposit', reference: txId, what: RECEIPT_WHAT.deposit, feeKobo: 0 }),
      fulfil: async (tx, payment) => {
        const entry = await credit(tx, userId, {
          amountKobo,
          type: 'deposit',
          reference: payment.reference,
          description: 'Card deposit',
        });
        txId = entry.txId;
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
  useWalletForCardRefunds({ debit, credit });
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

// Bank accounts

/**
 * Saves a bank account for withdrawals, once the bank has named its holder, and tells the owner: a
 * new payee is how a stolen session would empty the wallet, so withdrawals to it above the admins'
 * amount are held for a day.
 */
export async function addBankAccount(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof bankDetailsBody>,
  request: FastifyRequest,
) {
  const userId = user.id;
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  if (n >= MAX_BANK_ACCOUNTS)
    throw fieldError('account_number', `You can save up to ${MAX_BANK_ACCOUNTS} bank accounts. Delete one first.`);
  const { bank, accountName } = await lookUpAccount(ctx, request, body.account_number, body.bank_name).catch(
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
      ...namesOf(accountName),
      recipientCode,
    })
    .returning();
  const holdAbove = formatNaira(koboToNaira(await newAccountHoldAboveKobo(ctx.db)));
  await tellOwner(ctx, user, {
    title: 'A bank account was added',
    lines: [
      `The ${bank.name} account ending in ${body.account_number.slice(-4)} was added to your Ruwa wallet for withdrawals.`,
      `For the next ${WITHDRAWAL_HOLD_HOURS} hours, withdrawals of more than ${holdAbove} to it are held before they are sent.`,
    ],
  });
  return toBankDetail(row!);
}

export async function deleteBankAccount(ctx: AppContext, userId: number, id: number) {
  const rows = await ctx.db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
    .returning({ id: bankAccounts.id });
  if (!rows.length) throw notFound('Bank account');
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

/** One of the user's own wallet movements by its TX_ id, or null (another customer's is null too). */
export async function findOwnTransaction(db: DbOrTx, userId: number, txId: string): Promise<WalletTransaction | null> {
  const [row] = await db
    .select({ entry: ledgerEntries })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(and(eq(ledgerEntries.txId, txId), eq(wallets.userId, userId)));
  return row ? toTransaction(row.entry) : null;
}
