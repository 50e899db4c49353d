import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ensureWallet } from './ledger';
import { ledgerEntries, wallets, type LedgerEntryRow } from './schema';

/** One of this customer's wallet movements by its public TX id, or null when it is not theirs. */
export async function findOwnMovement(db: DbOrTx, userId: number, txId: string): Promise<LedgerEntryRow | null> {
  const [row] = await db
    .select({ entry: ledgerEntries })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(and(eq(ledgerEntries.txId, txId), eq(wallets.userId, userId)))
    .limit(1);
  return row?.entry ?? null;
}

export type WalletStatement = {
  openingKobo: number;
  closingKobo: number;
  /** Oldest first, each with the balance after it as the statement runs. */
  movements: (LedgerEntryRow & { runningBalanceKobo: number })[];
};

/**
 * The wallet's movements in [from, until) with the balance before and after. The balances are sums
 * of the entries' signed amounts, the same sum the wallet's balance always equals, so opening plus
 * the movements is the closing balance to the kobo, and a period running to now closes on the
 * balance the wallet shows.
 */
export async function walletStatement(db: DbOrTx, userId: number, from: Date, until: Date): Promise<WalletStatement> {
  const wallet = await ensureWallet(db, userId);
  const [[before], rows] = await Promise.all([
    // An aggregate the query builder cannot say with a coalesce to 0 for a wallet with no past.
    db
      .select({ kobo: sql<number>`coalesce(sum(${ledgerEntries.amountKobo}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.walletId, wallet.id), lt(ledgerEntries.createdAt, from))),
    db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.walletId, wallet.id),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, until),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
  ]);
  const openingKobo = before?.kobo ?? 0;
  let running = openingKobo;
  const movements = rows.map((row) => ({ ...row, runningBalanceKobo: (running += row.amountKobo) }));
  return { openingKobo, closingKobo: running, movements };
}
