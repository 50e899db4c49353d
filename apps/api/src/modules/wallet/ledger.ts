import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
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

async function existingEntry(tx: Tx, type: LedgerType, reference: string) {
  const [row] = await tx
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

/**
 * Takes money from a wallet, once per (type, reference). The conditional update is atomic: two
 * concurrent debits can never overdraw, and the CHECK constraint backs it up.
 */
export async function debit(tx: Tx, userId: number, movement: Movement, field = 'amount'): Promise<LedgerEntryRow> {
  if (!Number.isInteger(movement.amountKobo) || movement.amountKobo <= 0)
    throw new Error('debit needs a positive whole kobo amount');
  const replay = await existingEntry(tx, movement.type, movement.reference);
  if (replay) return replay;
  // No wallet yet means nothing to take: the update finds no row, as for a short balance.
  const [updated] = await tx
    .update(wallets)
    .set({ balanceKobo: sql`${wallets.balanceKobo} - ${movement.amountKobo}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, userId), gte(wallets.balanceKobo, movement.amountKobo)))
    .returning();
  if (!updated) throw await insufficientBalance(tx, userId, movement.amountKobo, field);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      walletId: updated.id,
      txId: newTxId(),
      type: movement.type,
      status: movement.status ?? 'success',
      amountKobo: -movement.amountKobo,
      balanceAfterKobo: updated.balanceKobo,
      reference: movement.reference,
      description: movement.description,
    })
    .returning();
  return entry!;
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
