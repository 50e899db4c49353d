import {
  koboToNaira,
  parsePurchaseReference,
  type PurchaseKind,
  type TransactionOutcome,
  type WalletTransactionRow,
} from '@ruwa/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, type LedgerEntryRow } from './schema';

/**
 * What became of a purchase paid from the wallet, as the module that sold it knows: `refundReference`
 * is the reference of the wallet refund it was (or would be) given back under.
 */
export type PurchaseOutcome = { outcome: TransactionOutcome; refundReference?: string };

/**
 * How the wallet history learns about what a module sold. The wallet cannot read the orders' or the
 * airtime's tables, and those modules already call the wallet, so each one registers at start:
 * `outcomes` answers the purchases among `paymentReferences` (the wallet debits' references) that it
 * sold; `paymentReferenceOf` the wallet debit's reference of one purchase by its quoted number
 * (ORD-12 is order 12), or null, so a search for that number finds the payment.
 */
export type PurchaseOutcomeSource = {
  kinds: readonly PurchaseKind[];
  outcomes: (db: DbOrTx, paymentReferences: string[]) => Promise<Map<string, PurchaseOutcome>>;
  paymentReferenceOf: (db: DbOrTx, kind: PurchaseKind, id: number) => Promise<string | null>;
};

const sources = new Map<string, PurchaseOutcomeSource>();

/** Lets the wallet history say what became of what `name`'s module sold (registered once per name). */
export function registerPurchaseOutcomes(name: string, source: PurchaseOutcomeSource) {
  sources.set(name, source);
}

/**
 * The wallet references a quoted purchase number names: its refund's (every refund and card refund
 * of a purchase is kept under `<kind>:<id>`) and, when it was paid from the wallet, its payment's.
 */
export async function referencesOfPurchase(db: DbOrTx, quoted: string): Promise<string[]> {
  const purchase = parsePurchaseReference(quoted);
  if (!purchase) return [];
  const source = [...sources.values()].find((candidate) => candidate.kinds.includes(purchase.kind));
  const payment = source ? await source.paymentReferenceOf(db, purchase.kind, purchase.id) : null;
  return [`${purchase.kind}:${purchase.id}`, ...(payment ? [payment] : [])];
}

/** A movement's own status as an outcome: money that came back (a reversed withdrawal) is refunded. */
const OUTCOME_OF_STATUS: Record<LedgerEntryRow['status'], TransactionOutcome> = {
  success: 'completed',
  pending: 'pending',
  held: 'pending',
  failed: 'failed',
  reversed: 'refunded',
  cancelled: 'refunded',
};

type RowOutcome = Pick<WalletTransactionRow, 'outcome' | 'refund'>;

/**
 * Each entry's outcome, in order. A purchase asks the module that sold it; when that module names a
 * refund, the refund's own wallet row is looked up, so the purchase points at it.
 */
export async function outcomesOf(db: DbOrTx, walletId: number, entries: LedgerEntryRow[]): Promise<RowOutcome[]> {
  const purchaseReferences = entries.filter((entry) => entry.type === 'purchase').map((entry) => entry.reference);
  const sold = new Map<string, PurchaseOutcome>();
  if (purchaseReferences.length > 0) {
    const answers = await Promise.all([...sources.values()].map((source) => source.outcomes(db, purchaseReferences)));
    for (const answer of answers) for (const [reference, outcome] of answer) sold.set(reference, outcome);
  }
  const refundReferences = [...sold.values()].flatMap((sale) => (sale.refundReference ? [sale.refundReference] : []));
  const refunds =
    refundReferences.length > 0
      ? await db
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.walletId, walletId),
              eq(ledgerEntries.type, 'refund'),
              inArray(ledgerEntries.reference, refundReferences),
            ),
          )
      : [];
  const refundByReference = new Map(refunds.map((refund) => [refund.reference, refund]));

  return entries.map((entry) => {
    const sale = entry.type === 'purchase' ? sold.get(entry.reference) : undefined;
    if (!sale) return { outcome: OUTCOME_OF_STATUS[entry.status], refund: null };
    const refund = sale.refundReference ? refundByReference.get(sale.refundReference) : undefined;
    if (refund)
      return {
        outcome: 'refunded',
        refund: {
          tx_id: refund.txId,
          amount: koboToNaira(refund.amountKobo),
          created_at: refund.createdAt.toISOString(),
        },
      };
    return { outcome: sale.outcome, refund: null };
  });
}
