import { purchaseReference, type ExportName } from '@ruwa/contract';
import { addDaysTo } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import type { KeysetBatch } from '../../db/keyset';
import { csvBatches, csvNaira } from '../../lib/documents/csv';
import { lagosMidnight } from '../../lib/lagos-time';
import { audit, auditCreatedBetween } from '../audit/service';
import { journalsCreatedBetween } from '../ledger/service';
import { ordersCreatedBetween } from '../orders/service';
import { customersCreatedBetween, usersByIds } from '../users/service';
import { withdrawalsCreatedBetween } from '../wallet/service';
import { EXPORT_TEXTS } from './texts';

/** Rows read per query: enough that a million rows take a thousand round trips, little enough to hold. */
export const EXPORT_BATCH_ROWS = 1000;

type Row = { key: number; cells: string[][] };
type Exporter = (db: DbOrTx, batch: KeysetBatch) => Promise<Row[]>;

const at = (time: Date) => time.toISOString();
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The e-mail of each id among `ids`, one query per batch. */
async function emailsOf(db: DbOrTx, ids: (number | null)[]) {
  const users = await usersByIds(
    db,
    ids.filter((id): id is number => id !== null),
  );
  return (id: number | null) => (id === null ? '' : (users.get(id)?.email ?? ''));
}

const EXPORTERS: Record<ExportName, Exporter> = {
  async orders(db, batch) {
    const rows = await ordersCreatedBetween(db, batch);
    const email = await emailsOf(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => ({
      key: row.id,
      cells: [
        [
          text(row.id),
          purchaseReference('order', row.id),
          at(row.createdAt),
          text(row.userId),
          email(row.userId),
          row.productName,
          row.categoryKind,
          text(row.quantity),
          csvNaira(row.subAmountKobo),
          csvNaira(row.deliveryFeeKobo),
          csvNaira(row.amountKobo),
          row.paymentMethod,
          text(row.paymentReference),
          row.status,
          text(row.locationId),
          text(row.assignedAgentId),
        ],
      ],
    }));
  },
  async customers(db, batch) {
    const rows = await customersCreatedBetween(db, batch);
    return rows.map((row) => ({
      key: row.id,
      cells: [
        [
          text(row.id),
          at(row.createdAt),
          row.firstName,
          row.lastName,
          row.email,
          row.phoneNumber,
          String(row.phoneVerifiedAt !== null),
          String(row.emailVerifiedAt !== null),
          row.status,
          row.referralCode,
        ],
      ],
    }));
  },
  async withdrawals(db, batch) {
    const rows = await withdrawalsCreatedBetween(db, batch);
    const email = await emailsOf(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => ({
      key: row.id,
      cells: [
        [
          text(row.id),
          row.reference,
          at(row.createdAt),
          text(row.userId),
          email(row.userId),
          row.destination,
          csvNaira(row.amountKobo),
          row.status,
          text(row.holdReason),
          text(row.failureReason),
        ],
      ],
    }));
  },
  async journals(db, batch) {
    const rows = await journalsCreatedBetween(db, batch);
    return rows.map((row) => ({
      key: row.id,
      cells: row.lines.map((line, i) => [
        text(row.id),
        at(row.createdAt),
        row.kind,
        row.reference,
        text(i + 1),
        line.accountCode,
        line.accountName,
        text(line.userId),
        line.amountKobo > 0 ? csvNaira(line.amountKobo) : '',
        line.amountKobo < 0 ? csvNaira(-line.amountKobo) : '',
      ]),
    }));
  },
  async audit(db, batch) {
    const rows = await auditCreatedBetween(db, batch);
    const email = await emailsOf(
      db,
      rows.map((row) => row.actorId),
    );
    return rows.map((row) => ({
      key: row.id,
      cells: [
        [
          text(row.id),
          at(row.createdAt),
          text(row.actorId),
          email(row.actorId),
          row.action,
          row.entity,
          text(row.entityId),
          json(row.before),
          json(row.after),
        ],
      ],
    }));
  },
};

/**
 * An admin's export of the records created on the Lagos days `from` to `to`: audited first (who
 * took which records out, for which days), then read batch by batch as the file is sent.
 */
export async function startExport(
  db: DbOrTx,
  adminId: number,
  name: ExportName,
  period: { from: string; to: string },
  batchRows = EXPORT_BATCH_ROWS,
) {
  await audit(db, {
    actorId: adminId,
    action: 'export.downloaded',
    entity: 'export',
    entityId: name,
    after: { from: period.from, to: period.to },
  });
  const from = lagosMidnight(period.from);
  const to = lagosMidnight(addDaysTo(period.to, 1));
  const exporter = EXPORTERS[name];
  return {
    filename: EXPORT_TEXTS.filename(name, period.from, period.to),
    lines: csvBatches<number>(EXPORT_TEXTS.headers[name], (after) =>
      exporter(db, { from, to, afterId: after ?? 0, limit: batchRows }),
    ),
  };
}
