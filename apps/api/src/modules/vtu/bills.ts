import {
  billInput,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
  ELECTRICITY_SERVICES,
  nairaToKobo,
  purchaseReference,
  toLocalPhone,
  type Bill,
  type BillInput,
  type billPayBody,
  type BillService,
  type BillVerification,
  type BillVerifyInput,
} from '@ruwa/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { newRequestId, VtuProviderError } from '../../platform/vtu/client';
import { recordCreatedByCustomer } from '../audit/service';
import { VTU_SALE } from '../ledger/service';
import { mailReceipt, RECEIPT_PAID_WITH, RECEIPT_STATUSES } from '../notifications/service';
import { completeCardPayment, registerPurpose, type Fulfilment, type Purpose } from '../payments/service';
import { payFromWallet, requireWalletPin } from '../wallet/service';
import { BILL_TEXTS, billerName } from './bill-texts';
import { guardDuplicate } from './pricing';
import { BILL_KINDS, vtuPurchases, type VtuPurchaseRow } from './schema';
import { vend } from './vending';

// Electricity on the VTU rails: the meter is verified with the provider before any money moves, the
// payment is a VTU purchase (VTU-n) vended, re-queried and refunded like airtime, and a prepaid
// one's token is kept on the purchase.

/** GET bills/services: the billers of a category, with the least and most one payment may be. */
export function listBillServices(): BillService[] {
  return ELECTRICITY_SERVICES.map((service) => ({
    service_id: service.service_id,
    name: service.name,
    category: 'electricity',
    min_amount_kobo: ELECTRICITY_MIN_NAIRA * 100,
    max_amount_kobo: ELECTRICITY_MAX_NAIRA * 100,
    enabled: true,
  }));
}

/**
 * Asks the provider whose meter this is. An unknown meter is a 422 on `billers_code`; no usable
 * answer is a 502 the customer can try again, never a guess.
 */
export async function verifyMeter(ctx: AppContext, input: BillVerifyInput): Promise<BillVerification> {
  let check;
  try {
    check = await ctx.vtu.verifyMeter({
      serviceId: input.service_id,
      billersCode: input.billers_code,
      type: input.type,
    });
  } catch (error) {
    if (error instanceof VtuProviderError) throw new AppError('bad_gateway', BILL_TEXTS.verifyUnavailable);
    throw error;
  }
  if (!check.found) throw fieldError('billers_code', BILL_TEXTS.unknownMeter);
  return { customer_name: check.customerName, address: check.address, meter_type: input.type };
}

async function createBillPurchase(
  tx: Tx,
  userId: number,
  input: BillInput,
  verified: BillVerification | null,
  paid: { method: 'card' | 'wallet'; reference: string },
) {
  const [row] = await tx
    .insert(vtuPurchases)
    .values({
      userId,
      kind: 'electricity',
      serviceId: input.service_id,
      billersCode: input.billers_code,
      meterType: input.type,
      customerName: verified?.customer_name ?? null,
      customerAddress: verified?.address ?? null,
      phone: input.phone,
      amountKobo: nairaToKobo(input.amount),
      requestId: newRequestId(),
      paymentMethod: paid.method,
      paymentReference: paid.reference,
    })
    .returning();
  await recordCreatedByCustomer(tx, 'vtu_purchase', row!.id, 'pending', userId);
  return row!;
}

const receiptWhat = (input: BillInput) =>
  BILL_TEXTS.receiptWhat(billerName(input.service_id), input.billers_code, input.type);

type BillPurpose = Purpose<BillInput, Extract<Fulfilment, { kind: 'vtu_purchase' }>>;

/**
 * A card payment for electricity. Before the popup opens the meter must verify; once the card is
 * charged a verification the provider cannot give now does not stop the purchase (the vend decides,
 * and a refused one is refunded).
 */
const electricityPurpose: BillPurpose = {
  name: 'electricity',
  input: billInput,
  beforePayment: async (ctx, userId, input, raw) =>
    guardDuplicate(
      ctx.db,
      userId,
      input.phone,
      nairaToKobo(input.amount),
      raw.confirm_duplicate === true,
      input.billers_code,
    ),
  prepare: async (ctx, userId, input, stage) => {
    const verified =
      stage === 'intent' ? await verifyMeter(ctx, input) : await verifyMeter(ctx, input).catch(() => null);
    return {
      amountKobo: nairaToKobo(input.amount),
      sale: VTU_SALE,
      fulfil: async (tx, payment) => {
        const purchase = await createBillPurchase(tx, userId, input, verified, {
          method: 'card',
          reference: payment.reference,
        });
        return { kind: 'vtu_purchase', purchaseId: purchase.id };
      },
      receipt: (fulfilment) => ({
        kind: 'payment',
        reference: purchaseReference('vtu', fulfilment.purchaseId),
        what: receiptWhat(input),
        feeKobo: 0,
      }),
      afterCommit: (fulfilment) => vend(ctx, fulfilment.purchaseId),
    };
  },
};

export function registerBillPurposes() {
  registerPurpose(electricityPurpose);
}

/** POST bills/pay: from the wallet (with the PIN) or with a verified card payment; then the vend. */
export async function payBill(ctx: AppContext, userId: number, body: z.output<typeof billPayBody>) {
  let id: number;
  let created = true;
  if (body.payment_method === 'wallet') {
    await requireWalletPin(ctx, userId, body.pin);
    const verified = await verifyMeter(ctx, body);
    const amountKobo = nairaToKobo(body.amount);
    id = await payFromWallet(
      ctx.db,
      userId,
      {
        amountKobo,
        description: BILL_TEXTS.walletDescription(billerName(body.service_id), body.billers_code),
        field: 'payment_method',
        sale: VTU_SALE,
      },
      async (tx, reference) => {
        await guardDuplicate(tx, userId, body.phone, amountKobo, body.confirm_duplicate, body.billers_code);
        return (await createBillPurchase(tx, userId, body, verified, { method: 'wallet', reference })).id;
      },
    );
    await mailReceipt(ctx, {
      userId,
      kind: 'payment',
      reference: purchaseReference('vtu', id),
      at: new Date(),
      what: receiptWhat(body),
      amountKobo,
      feeKobo: 0,
      paidWith: RECEIPT_PAID_WITH.wallet,
      status: RECEIPT_STATUSES.successful,
    });
    await vend(ctx, id);
  } else {
    const result = await completeCardPayment(ctx, electricityPurpose, {
      userId,
      reference: body.transaction_id!,
      input: body,
    });
    id = result.fulfilment.purchaseId;
    created = result.created;
  }
  const [row] = await ctx.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, id));
  return { created, bill: toBill(row!) };
}

export function toBill(row: VtuPurchaseRow): Bill {
  return {
    id: row.id,
    reference: purchaseReference('vtu', row.id),
    category: 'electricity',
    service_id: row.serviceId ?? '',
    service_name: billerName(row.serviceId),
    billers_code: row.billersCode ?? '',
    meter_type: row.meterType,
    customer_name: row.customerName,
    address: row.customerAddress,
    phone: toLocalPhone(row.phone),
    status: row.status,
    token: row.token,
    units: row.units,
    amount_kobo: row.amountKobo,
    payment_method: row.paymentMethod,
    created_at: row.createdAt.toISOString(),
  };
}

const isBill = inArray(vtuPurchases.kind, [...BILL_KINDS]);

export async function listMyBills(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const { rows, total } = await pagedSelect(db, vtuPurchases, {
    where: and(eq(vtuPurchases.userId, userId), isBill),
    orderBy: [desc(vtuPurchases.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return { rows: rows.map(toBill), total };
}

/** One of the customer's own bill payments by its VTU-n number (404 for anyone else's or for airtime). */
export async function getMyBill(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(vtuPurchases)
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId), isBill));
  if (!row) throw notFound('Bill payment');
  return toBill(row);
}
