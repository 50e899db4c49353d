import type { DbOrTx } from '../../db/client';
import { createdBetweenBatch, type KeysetBatch } from '../../db/keyset';
import { withdrawals } from './schema';

/** A batch of the withdrawals asked for in a period (createdBetweenBatch), for the admin export. */
export const withdrawalsCreatedBetween = (db: DbOrTx, batch: KeysetBatch) =>
  createdBetweenBatch(db, withdrawals, batch);
