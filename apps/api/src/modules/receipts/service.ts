import { formatNaira, parsePurchaseReference, type Receipt, type StatementQuery } from '@ruwa/contract';
import { addDaysTo, formatDate, formatDateTime, LAGOS_TIME_ZONE } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { csvNaira, toCsv } from '../../lib/documents/csv';
import { receiptPdf, receiptPng, type ReceiptDocument } from '../../lib/documents/receipt';
import { statementPdf } from '../../lib/documents/statement';
import { notFound } from '../../lib/http/errors';
import { lagosMidnight } from '../../lib/lagos-time';
import type { UserRow } from '../users/service';
import * as wallet from '../wallet/service';
import { movementReceipt, purchaseReceipt } from './movements';
import { BUSINESS_NAME, LABELS, RECEIPT_FOOTER, STATEMENT_TEXTS } from './texts';

// Receipts and statements: proof of a purchase or a wallet movement, read from the modules that own
// them, as JSON, a picture, or a PDF; and the wallet's statement for a period as CSV or PDF.

const TX_ID = /^TX_[0-9A-Z]{1,16}_[0-9A-F]{12}$/i;

/**
 * The receipt of a purchase (ORD-, SUB-, VTU-) or wallet movement (TX_…) of this customer. Someone
 * else's, an unknown one and one that is no reference at all are the same 404.
 */
export async function getReceipt(db: DbOrTx, userId: number, reference: string): Promise<Receipt> {
  const purchase = parsePurchaseReference(reference);
  if (purchase) {
    const receipt = await purchaseReceipt(db, userId, purchase);
    if (receipt) return receipt;
  } else if (TX_ID.test(reference.trim())) {
    const entry = await wallet.findOwnMovement(db, userId, reference.trim().toUpperCase());
    if (entry) return movementReceipt(db, userId, entry);
  }
  throw notFound('Receipt');
}

const TONES: Record<string, ReceiptDocument['tone']> = {
  delivered: 'good',
  success: 'good',
  completed: 'good',
  failed: 'bad',
  refunded: 'bad',
  cancelled: 'bad',
  reversed: 'bad',
};

function documentOf(receipt: Receipt): ReceiptDocument {
  const signed = receipt.direction === 'credit' ? '+' : receipt.direction === 'debit' ? '−' : '';
  return {
    business: BUSINESS_NAME,
    title: receipt.title,
    amountText: `${signed}${formatNaira(receipt.amount)}`,
    statusText: receipt.status_label,
    tone: TONES[receipt.status] ?? 'waiting',
    lines: [
      { label: LABELS.reference, value: receipt.reference },
      { label: LABELS.dateTime, value: receipt.date_time },
      ...receipt.lines,
    ],
    footer: RECEIPT_FOOTER(receipt.reference),
  };
}

export async function getReceiptFile(db: DbOrTx, userId: number, reference: string, format: 'png' | 'pdf') {
  const receipt = await getReceipt(db, userId, reference);
  const document = documentOf(receipt);
  const filename = `ruwa-receipt-${receipt.reference}.${format}`;
  return format === 'png'
    ? { filename, contentType: 'image/png', body: receiptPng(document) }
    : { filename, contentType: 'application/pdf', body: await receiptPdf(document) };
}

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAGOS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const lagosDate = new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS_TIME_ZONE });

/**
 * The wallet statement for the Lagos days `from` to `to` (both included): the opening balance, every
 * movement, the closing balance. CSV money is naira with kobo (1500.00), as its header says.
 */
export async function statementFile(db: DbOrTx, user: UserRow, query: StatementQuery) {
  const statement = await wallet.walletStatement(
    db,
    user.id,
    lagosMidnight(query.from),
    lagosMidnight(addDaysTo(query.to, 1)),
  );
  const filename = `ruwa-statement-${query.from}-to-${query.to}.${query.format}`;
  const rows = statement.movements.map((movement) => ({
    day: lagosDate.format(movement.createdAt),
    time: lagosTime.format(movement.createdAt),
    txId: movement.txId,
    type: movement.type,
    description: movement.description,
    status: movement.status,
    inKobo: movement.amountKobo > 0 ? movement.amountKobo : 0,
    outKobo: movement.amountKobo < 0 ? -movement.amountKobo : 0,
    balanceKobo: movement.runningBalanceKobo,
  }));
  if (query.format === 'csv') {
    const figure = (kobo: number) => (kobo ? csvNaira(kobo) : '');
    const csv = toCsv(
      [...STATEMENT_TEXTS.csvHeader],
      [
        [
          query.from,
          '00:00',
          '',
          'opening_balance',
          STATEMENT_TEXTS.opening,
          '',
          '',
          '',
          csvNaira(statement.openingKobo),
        ],
        ...rows.map((row) => [
          row.day,
          row.time,
          row.txId,
          row.type,
          row.description,
          row.status,
          figure(row.inKobo),
          figure(row.outKobo),
          csvNaira(row.balanceKobo),
        ]),
        [
          query.to,
          '23:59',
          '',
          'closing_balance',
          STATEMENT_TEXTS.closing,
          '',
          '',
          '',
          csvNaira(statement.closingKobo),
        ],
      ],
    );
    return { filename, contentType: 'text/csv; charset=utf-8', body: Buffer.from(csv, 'utf8') };
  }
  const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const naira = (kobo: number) => formatNaira(kobo / 100);
  const body = await statementPdf({
    business: BUSINESS_NAME,
    customer: `${user.firstName} ${user.lastName}, ${user.email}`,
    period: STATEMENT_TEXTS.period(formatDate(query.from), formatDate(query.to)),
    opening: naira(statement.openingKobo),
    closing: naira(statement.closingKobo),
    moneyIn: naira(total((row) => row.inKobo)),
    moneyOut: naira(total((row) => row.outKobo)),
    rows: rows.map((row) => ({
      date: `${formatDate(row.day)} ${row.time}`,
      reference: row.txId,
      description: row.description || row.type,
      moneyIn: row.inKobo ? csvNaira(row.inKobo) : '',
      moneyOut: row.outKobo ? csvNaira(row.outKobo) : '',
      balance: csvNaira(row.balanceKobo),
    })),
    emptyText: STATEMENT_TEXTS.empty,
    footer: STATEMENT_TEXTS.footer(formatDateTime(new Date())),
    headings: STATEMENT_TEXTS.headings,
    labels: STATEMENT_TEXTS,
  });
  return { filename, contentType: 'application/pdf', body };
}
