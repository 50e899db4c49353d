import type { DbOrTx } from '../../db/client';
import { createdBetweenBatch, type KeysetBatch } from '../../db/keyset';
import { accountByCode } from './accounts';
import { ledgerJournals } from './schema';

/**
 * A batch of the journals posted in a period (createdBetweenBatch), for the admin export, each line
 * with its account's name. Read by id: journals have no index on their time (the busiest write path
 * writes one), and ids grow with time, so a batch reads on from the last one's id.
 */
export async function journalsCreatedBetween(db: DbOrTx, batch: KeysetBatch) {
  const rows = await createdBetweenBatch(db, ledgerJournals, batch);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    createdAt: row.createdAt,
    lines: row.accountCodes.map((code, i) => ({
      accountCode: code,
      accountName: accountByCode.get(code)?.name ?? code,
      userId: row.userIds[i] ?? null,
      amountKobo: row.amountsKobo[i]!,
    })),
  }));
}
