import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, sql, type SQL, type Table } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { AppError } from '../../lib/http/errors';
import { ledgerEntries, wallets, type LedgerEntryRow, type LedgerType, type WalletRow } from './schema';
import { newReference } from '../../lib/references';

export type Movement = {
  amountKobo: number;
  type: LedgerType;
  /** Idempotency key: the same (type, reference) never moves money twice. */
  reference: string;
  description: string;
  status?: 'pending' | 'success';
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

async function existingEntry(db: DbOrTx, type: LedgerType, reference: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference)));
  return row ?? null;
}

/** Adds money to a wallet, once per (type, reference). Answers the entry (the first one on replay). */
export async function credit(tx: Tx, userId: number, movement: Movement): Promise<LedgerEntryRow> {
  if (!Number.isInteger(movement.amountKobo) || movement.amountKobo <= 0)
    throw new Error('credit needs a positive whole kobo amount');
  const replay = await existingEntry(tx, movement.type, movement.reference);
  if (replay) return replay;
  const wallet = await ensureWallet(tx, userId);
  const [updated] = await tx
    .update(wallets)
    .set({ balanceKobo: sql`${wallets.balanceKobo} + ${movement.amountKobo}`, updatedAt: new Date() })
    .where(eq(wallets.id, wallet.id))
    .returning();
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      walletId: wallet.id,
      txId: newTxId(),
      type: movement.type,
      status: movement.status ?? 'success',
      amountKobo: movement.amountKobo,
      balanceAfterKobo: updated!.balanceKobo,
      reference: movement.reference,
      description: movement.description,
    })
    .returning();
  return entry!;
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

const p = (name: string) => sql.placeholder(name);

/**
 * The one piece of SQL that takes money from a wallet: the CTEs `debited` (the conditional balance
 * update) and `entry` (its ledger entry, every column). The update's condition is atomic: the wallet
 * row stays locked until the transaction ends, so two concurrent debits queue and the second re-checks
 * the balance (never an overdraft; the CHECK constraint backs it up). It finds no row, so nothing at
 * all is written, when the balance is short, when there is no wallet, or when (type, reference)
 * already moved money. Placeholders: userId, amountKobo, type, status, reference, description, txId.
 */
const DEBIT = sql`
  debited as (
    update wallets set balance_kobo = balance_kobo - ${p('amountKobo')}::bigint, updated_at = now()
    where user_id = ${p('userId')}::int and balance_kobo >= ${p('amountKobo')}::bigint
      and not exists (select 1 from ledger_entries where type = ${p('type')}::text and reference = ${p('reference')}::text)
    returning id, balance_kobo
  ), entry as (
    insert into ledger_entries (wallet_id, tx_id, type, status, amount_kobo, balance_after_kobo, reference, description)
    select id, ${p('txId')}::text, ${p('type')}::text, ${p('status')}::text, -${p('amountKobo')}::bigint, balance_kobo,
      ${p('reference')}::text, ${p('description')}::text
    from debited
    returning *
  )`;

function debitValues(userId: number, movement: Movement) {
  if (!Number.isInteger(movement.amountKobo) || movement.amountKobo <= 0)
    throw new Error('debit needs a positive whole kobo amount');
  return {
    userId,
    amountKobo: movement.amountKobo,
    type: movement.type,
    status: movement.status ?? 'success',
    reference: movement.reference,
    description: movement.description,
    txId: newTxId(),
  };
}

const debitStatement = preparedSql(
  'wallet_debit',
  ledgerEntries,
  (columns) => sql`with ${DEBIT} select ${columns} from entry`,
);

/**
 * Takes money from a wallet, once per (type, reference), in one statement. Answers the entry (the
 * first one on replay); a balance that does not cover it is a 422 on `field`.
 */
export async function debit(db: DbOrTx, userId: number, movement: Movement, field = 'amount'): Promise<LedgerEntryRow> {
  const [entry] = await debitStatement(db).execute(debitValues(userId, movement));
  if (entry) return entry;
  const replay = await existingEntry(db, movement.type, movement.reference);
  if (replay) return replay;
  throw await insufficientBalance(db, userId, movement.amountKobo, field);
}

/** A purchase paid from the wallet: what it costs, the ledger's description, and the request field a refusal names. */
export type WalletPayment = { amountKobo: number; description: string; field: string };

const newWalletReference = () => newReference('WALLET');

const purchase = (payment: WalletPayment, reference: string): Movement => ({
  amountKobo: payment.amountKobo,
  type: 'purchase',
  reference,
  description: payment.description,
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

/**
 * The same payment as one statement, for the busiest write path (docs/decisions/012): `then`
 * continues the WITH list after `debited` and `entry` with CTEs that write what was bought from
 * `entry`'s row (and the placeholders above, `reference` included, plus the caller's `values`), and
 * ends by selecting `table`'s columns. When the balance is short nothing at all is written and the
 * refusal is thrown; a fresh reference cannot be a replay.
 */
export function walletPaymentStatement<TTable extends Table>(name: string, table: TTable, then: (columns: SQL) => SQL) {
  const statement = preparedSql(name, table, (columns) => sql`with ${DEBIT}, ${then(columns)}`);
  return async (db: DbOrTx, userId: number, payment: WalletPayment, values: Record<string, unknown>) => {
    const movement = purchase(payment, newWalletReference());
    const [row] = await statement(db).execute({ ...values, ...debitValues(userId, movement) });
    if (!row) throw await insufficientBalance(db, userId, payment.amountKobo, payment.field);
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
