import {
  DUPLICATE_WINDOW_SECONDS,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  toLocalPhone,
  type airtimeInput,
  type dataInput,
} from '@ruwa/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, fieldError } from '../../lib/http/errors';
import { newRequestId } from '../../platform/vtu/client';
import { recordCreatedByCustomer } from '../audit/service';
import { BILL_TEXTS } from './bill-texts';
import { dataBundles, vtuPurchases, type DataBundleRow } from './schema';

export type AirtimeInput = z.output<typeof airtimeInput>;
export type DataInput = z.output<typeof dataInput>;
type Paid = { method: 'card' | 'wallet'; reference: string };

// Pricing, always on the server; then the double-tap guard and the purchase row, before the vend.

export async function airtimePrice(input: AirtimeInput) {
  return { amountKobo: nairaToKobo(input.amount), bundle: null as DataBundleRow | null };
}

export async function dataPrice(db: DbOrTx, input: DataInput) {
  const [bundle] = await db.select().from(dataBundles).where(eq(dataBundles.id, input.variation_id));
  if (!bundle || !bundle.enabled)
    throw fieldError('variation_id', 'This data bundle is not available. Choose another.');
  if (bundle.network !== input.network_id) throw fieldError('variation_id', 'This bundle belongs to another network.');
  if (nairaToKobo(input.price) !== bundle.priceKobo) {
    throw fieldError(
      'price',
      `The price of this bundle is ${formatNaira(koboToNaira(bundle.priceKobo))}. Refresh and try again.`,
    );
  }
  return { amountKobo: bundle.priceKobo, bundle };
}

/**
 * The same amount to the same number (or, for a bill, the same meter) within 30 s is probably a
 * double tap: ask first. On its own this is only a look; `buy` and `payBill` run it after the wallet
 * debit, which queues one customer's wallet payments on the wallet row, so two taps at the same
 * moment cannot both pass it.
 */
export async function guardDuplicate(
  db: DbOrTx,
  userId: number,
  phone: string,
  amountKobo: number,
  confirmed: boolean,
  meter?: string,
) {
  if (confirmed) return;
  const since = new Date(Date.now() - DUPLICATE_WINDOW_SECONDS * 1000);
  const [recent] = await db
    .select({ id: vtuPurchases.id })
    .from(vtuPurchases)
    .where(
      and(
        eq(vtuPurchases.userId, userId),
        meter ? eq(vtuPurchases.billersCode, meter) : eq(vtuPurchases.phone, phone),
        eq(vtuPurchases.amountKobo, amountKobo),
        gt(vtuPurchases.createdAt, since),
      ),
    )
    .limit(1);
  if (recent) {
    throw new AppError(
      'conflict',
      meter
        ? BILL_TEXTS.duplicate(amountKobo, meter, DUPLICATE_WINDOW_SECONDS)
        : `You bought ${formatNaira(koboToNaira(amountKobo))} for ${toLocalPhone(phone)} less than ${DUPLICATE_WINDOW_SECONDS} seconds ago. Buy it again?`,
      undefined,
      { code: 'possible_duplicate' },
    );
  }
}

export async function createPurchase(
  tx: Tx,
  userId: number,
  kind: 'airtime' | 'data',
  input: AirtimeInput | DataInput,
  price: { amountKobo: number; bundle: DataBundleRow | null },
  paid: Paid,
) {
  const [row] = await tx
    .insert(vtuPurchases)
    .values({
      userId,
      kind,
      network: input.network_id,
      phone: input.phone,
      amountKobo: price.amountKobo,
      bundleId: price.bundle?.id ?? null,
      bundleName: price.bundle?.name ?? null,
      variationCode: price.bundle?.variationCode ?? null,
      requestId: newRequestId(),
      paymentMethod: paid.method,
      paymentReference: paid.reference,
    })
    .returning();
  await recordCreatedByCustomer(tx, 'vtu_purchase', row!.id, 'pending', userId);
  return row!;
}
