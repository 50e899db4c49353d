import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, sql, type SQL, type Table } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { AppError } from '../../lib/http/errors';
import { ledgerEntries, wallets, type LedgerEntryRow, type LedgerType, type WalletRow } from './schema';
import { newReference } from '../../lib/references';
import { PIN_NOT_NEEDED, refusalWithoutPin } from './pin';
import {
  journal,
  OverdraftError,
  post,
  walletDebitCtes,
  walletDebitValues,
  type Journal,
  type Sale,
} from '../ledger/service';

export type Movement = {
  amountKobo: number;
  type: LedgerType;
  /** Idempotency key: the same (type, reference) never moves money twice. */
  reference: string;
  description: string;
  /** `held`: a withdrawal set aside whose bank transfer waits (see withdrawals.ts). */
  status?: 'pending' | 'success' | 'held';
  /** A purchase or its refund: what was sold (its revenue account and delivery fee in the journal). */
  sale?: Sale;
  /** Money a card would not take back, returned out of Card refunds in transit (see the journal catalogue). */
  refusedCardRefund?: boolean;
};

export const newTxId = () => newReference('TX');

/** The user's wallet, created on first use. */
export async function ensureWallet(db: DbOrTx, userId: number): Promise<WalletRow> {
  const [found] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  if (found) return found;
  await db.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return row!;
}

/**
 * The user's wallet, created on first use, locked until the caller's transaction ends: a flow that
 * checks for an earlier movement before making one holds it so two requests cannot both find none.
 */
export async function lockWallet(tx: Tx, userId: number): Promise<WalletRow> {
  await ensureWallet(tx, userId);
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  return row!;
}

/** The movement recorded under (type, reference), or null. */
export async function findMovement(db: DbOrTx, type: LedgerType, reference: string) {
  return existingEntry(db, type, reference);
}

async function existingEntry(db: DbOrTx, type: LedgerType, reference: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference)));
  return row ?? null;
}

/** The journal of a wallet movement, from the ledger's catalogue: the movement's type is its kind. */
const journalOf = (userId: number, movement: Movement, direction: 'in' | 'out'): Journal =>
  journal(movement.type, movement.reference, {
    userId,
    amountKobo: movement.amountKobo,
    direction,
    sale: movement.sale,
    refusedCardRefund: movement.refusedCardRefund,
  });

async function recordEntry(tx: Tx, walletId: number, movement: Movement, signedKobo: number, balanceAfterKobo: number) {
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      walletId,
      txId: newTxId(),
      type: movement.type,
      status: movement.status ?? 'success',
      amountKobo: signedKobo,
      balanceAfterKobo,
      reference: movement.reference,
      description: movement.description,
    })
    .returning();
  return entry!;
}

/**
 * Adds money to a wallet, once per (type, reference), posting its journal in the same transaction.
 * Answers the entry (the first one on replay). A savings move out throws `OverdraftError` when the
 * savings do not cover it.
 */
export async function credit(tx: Tx, userId: number, movement: Movement): Promise<LedgerEntryRow> {
  if (!Number.isInteger(movement.amountKobo) || movement.amountKobo <= 0)
    throw new Error('credit needs a positive whole kobo amount');
  const replay = await existingEntry(tx, movement.type, movement.reference);
  if (replay) return replay;
  const wallet = await ensureWallet(tx, userId);
  const posted = await post(tx, journalOf(userId, movement, 'in'));
  if (!posted.created) return (await existingEntry(tx, movement.type, movement.reference))!;
  return recordEntry(tx, wallet.id, movement, movement.amountKobo, posted.walletBalanceKobo!);
}

/**
 * The refusal of a debit the balance does not cover (422, on `field`). Read after the conditional
 * update found nothing to change, so the common case (enough money) costs no read; a user without a
 * wallet has nothing, the same as an empty one.
 */
export async function insufficientBalance(
  db: DbOrTx,
  userId: number,
  amountKobo: number,
  field: string,
): Promise<AppError> {
  const [wallet] = await db
    .select({ balanceKobo: wallets.balanceKobo })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  const message = `Insufficient wallet balance: you have ${formatNaira(koboToNaira(wallet?.balanceKobo ?? 0))} and this needs ${formatNaira(koboToNaira(amountKobo))}.`;
  return new AppError('validation', message, { [field]: [message] }, { code: 'insufficient_balance' });
}

/**
 * Takes money from a wallet, once per (type, reference), posting its journal in the caller's
 * transaction. Answers the entry (the first one on replay); a balance that does not cover it is a
 * 422 on `field`, and the caller's transaction must roll back.
 */
export async function debit(tx: Tx, userId: number, movement: Movement, field = 'amount'): Promise<LedgerEntryRow> {
  if (!Number.isInteger(movement.amountKobo) || movement.amountKobo <= 0)
    throw new Error('debit needs a positive whole kobo amount');
  const replay = await existingEntry(tx, movement.type, movement.reference);
  if (replay) return replay;
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw await insufficientBalance(tx, userId, movement.amountKobo, field);
  let posted: Awaited<ReturnType<typeof post>>;
  try {
    posted = await post(tx, journalOf(userId, movement, 'out'));
  } catch (error) {
    if (error instanceof OverdraftError && error.pocket === 'wallet')
      throw await insufficientBalance(tx, userId, movement.amountKobo, field);
    throw error;
  }
  if (!posted.created) return (await existingEntry(tx, movement.type, movement.reference))!;
  return recordEntry(tx, wallet.id, movement, -movement.amountKobo, posted.walletBalanceKobo!);
}

/**
 * A purchase paid from the wallet: what it costs, the ledger's description, the request field a
 * refusal names, and what was sold (airtime or data when not named; an order's delivery fee inside).
 */
export type WalletPayment = {
  amountKobo: number;
  description: string;
  field: string;
  sale?: Sale;
};

const newWalletReference = () => newReference('WALLET');

const purchase = (payment: WalletPayment, reference: string): Movement => ({
  amountKobo: payment.amountKobo,
  type: 'purchase',
  reference,
  description: payment.description,
  sale: payment.sale,
});

/**
 * Pays for a purchase from the wallet: the debit under a fresh reference, then `fulfil` with that
 * reference, in one transaction, so the purchase exists exactly when the money was taken. The debit
 * holds the wallet row's lock until commit, so one customer's wallet payments run one at a time and
 * whatever `fulfil` checks (the VTU double-tap guard) sees every payment committed before it.
 */
export async function payFromWallet<T>(
  db: Db,
  userId: number,
  payment: WalletPayment,
  fulfil: (tx: Tx, reference: string) => Promise<T>,
): Promise<T> {
  const reference = newWalletReference();
  return db.transaction(async (tx) => {
    await debit(tx, userId, purchase(payment, reference), payment.field);
    return fulfil(tx, reference);
  });
}

const p = (name: string) => sql.placeholder(name);

/**
 * The ledger's wallet debit and journal (`debited`, `journal`, `posted`, `counter_balance`), then
 * `entry`, the customer's statement line, every column. Placeholders: userId, amountKobo, type,
 * status, reference, description, txId, counterAccount, pinChecked. The wallet is debited only when
 * its PIN was checked or it has none (see checkSentPin()).
 */
const DEBIT = sql`${walletDebitCtes(PIN_NOT_NEEDED)}, entry as (
    insert into ledger_entries (wallet_id, tx_id, type, status, amount_kobo, balance_after_kobo, reference, description)
    select id, ${p('txId')}::text, ${p('type')}::text, ${p('status')}::text, -${p('amountKobo')}::bigint, balance_kobo,
      ${p('reference')}::text, ${p('description')}::text
    from debited
    returning *
  )`;

/**
 * The same payment as one statement, for the busiest write path (docs/decisions/012): `then`
 * continues the WITH list after the debit's CTEs and `entry` with CTEs that write what was bought
 * from `entry`'s row (and the placeholders above, `reference` included, plus the caller's `values`),
 * and ends by selecting `table`'s columns, then the `extra` values (see preparedSql). When the
 * balance is short, or no PIN was sent by a customer who has one, nothing at all is written and the
 * refusal is thrown; a fresh reference cannot be a replay. `pinChecked` says whether checkSentPin() checked a PIN.
 */
export function walletPaymentStatement<TTable extends Table, TExtra extends string = never>(
  name: string,
  table: TTable,
  then: (columns: SQL) => SQL,
  extra: readonly TExtra[] = [],
) {
  const statement = preparedSql(name, table, (columns) => sql`with ${DEBIT}, ${then(columns)}`, extra);
  return async (
    db: DbOrTx,
    userId: number,
    payment: WalletPayment & { pinChecked: boolean },
    values: Record<string, unknown>,
  ) => {
    const movement = purchase(payment, newWalletReference());
    const [row] = await statement(db).execute({
      ...values,
      ...walletDebitValues(journalOf(userId, movement, 'out')),
      pinChecked: payment.pinChecked,
      status: 'success',
      description: movement.description,
      txId: newTxId(),
    });
    if (!row) {
      const refusal = payment.pinChecked ? null : await refusalWithoutPin(db, userId);
      throw refusal ?? (await insufficientBalance(db, userId, payment.amountKobo, payment.field));
    }
    return row;
  };
}

/** Wallets whose balance differs from the sum of their entries (should always be empty). */
export async function inconsistentWallets(
  db: DbOrTx,
): Promise<{ walletId: number; balanceKobo: number; ledgerKobo: number }[]> {
  const rows = await db.execute<{ wallet_id: number; balance_kobo: string | number; ledger_kobo: string | number }>(sql`
    select w.id as wallet_id, w.balance_kobo, coalesce(sum(e.amount_kobo), 0) as ledger_kobo
    from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id, w.balance_kobo
    having w.balance_kobo <> coalesce(sum(e.amount_kobo), 0)`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    wallet_id: number;
    balance_kobo: string | number;
    ledger_kobo: string | number;
  }[];
  return list.map((r) => ({
    walletId: Number(r.wallet_id),
    balanceKobo: Number(r.balance_kobo),
    ledgerKobo: Number(r.ledger_kobo),
  }));
}
