import {
  airtimeInput,
  dataInput,
  NETWORK_LABELS,
  purchaseReference,
  toLocalPhone,
  type airtimeBody,
  type dataBody,
} from '@ruwa/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/http/errors';
import { VTU_SALE } from '../ledger/service';
import { mailReceipt, RECEIPT_PAID_WITH, RECEIPT_STATUSES, RECEIPT_WHAT } from '../notifications/service';
import {
  completeCardPayment,
  describeCardRefunds,
  registerPurpose,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { payFromWallet, registerPurchaseOutcomes, requireWalletPin } from '../wallet/service';
import { describeVtuCardRefund } from './card-refunds';
import { registerBillPurposes } from './bills';
import { withCardRefunds } from './presenters';
import { airtimePrice, createPurchase, dataPrice, guardDuplicate, type AirtimeInput, type DataInput } from './pricing';
import { AIRTIME_DATA_KINDS, vtuPurchases } from './schema';
import { vend } from './vending';
import { vtuWalletOutcomes } from './wallet-outcomes';

/** What a purchase's receipt e-mail says was bought. */
const receiptWhat = (input: AirtimeInput | DataInput, bundle: { name: string } | null) =>
  bundle
    ? RECEIPT_WHAT.data(`${NETWORK_LABELS[input.network_id]} ${bundle.name}`, toLocalPhone(input.phone))
    : RECEIPT_WHAT.airtime(NETWORK_LABELS[input.network_id], toLocalPhone(input.phone));

type VtuPurpose = Purpose<AirtimeInput | DataInput, Extract<Fulfilment, { kind: 'vtu_purchase' }>>;

function purposeFor(kind: 'airtime' | 'data'): VtuPurpose {
  const price = (ctx: AppContext, input: AirtimeInput | DataInput) =>
    kind === 'airtime' ? airtimePrice(input as AirtimeInput) : dataPrice(ctx.db, input as DataInput);
  return {
    name: kind,
    input: kind === 'airtime' ? airtimeInput : dataInput,
    beforePayment: async (ctx, userId, input, raw) => {
      const { amountKobo } = await price(ctx, input);
      await guardDuplicate(ctx.db, userId, input.phone, amountKobo, raw.confirm_duplicate === true);
    },
    prepare: async (ctx, userId, input) => {
      const priced = await price(ctx, input);
      return {
        amountKobo: priced.amountKobo,
        sale: VTU_SALE,
        fulfil: async (tx, payment) => {
          const purchase = await createPurchase(tx, userId, kind, input, priced, {
            method: 'card',
            reference: payment.reference,
          });
          return { kind: 'vtu_purchase', purchaseId: purchase.id };
        },
        receipt: (fulfilment) => ({
          kind: 'payment',
          reference: purchaseReference('vtu', fulfilment.purchaseId),
          what: receiptWhat(input, priced.bundle),
          feeKobo: 0,
        }),
        afterCommit: (fulfilment) => vend(ctx, fulfilment.purchaseId),
      };
    },
  };
}

const vtuPurposes = { airtime: purposeFor('airtime'), data: purposeFor('data') };

export function registerVtuPurposes() {
  registerPurpose(vtuPurposes.airtime);
  registerPurpose(vtuPurposes.data);
  describeCardRefunds('vtu', describeVtuCardRefund);
  registerPurchaseOutcomes('vtu', vtuWalletOutcomes);
  registerBillPurposes();
}

export async function buy(
  ctx: AppContext,
  userId: number,
  kind: 'airtime' | 'data',
  body: z.output<typeof airtimeBody> | z.output<typeof dataBody>,
) {
  let id: number;
  let created = true;
  if (body.payment_method === 'wallet') {
    await requireWalletPin(ctx, userId, body.pin);
    const priced =
      kind === 'airtime' ? await airtimePrice(body as AirtimeInput) : await dataPrice(ctx.db, body as DataInput);
    id = await payFromWallet(
      ctx.db,
      userId,
      {
        amountKobo: priced.amountKobo,
        description: `${kind === 'airtime' ? 'Airtime' : priced.bundle?.name} for ${toLocalPhone(body.phone)}`,
        field: 'payment_method',
        sale: VTU_SALE,
      },
      async (tx, reference) => {
        await guardDuplicate(tx, userId, body.phone, priced.amountKobo, body.confirm_duplicate);
        return (await createPurchase(tx, userId, kind, body, priced, { method: 'wallet', reference })).id;
      },
    );
    await mailReceipt(ctx, {
      userId,
      kind: 'payment',
      reference: purchaseReference('vtu', id),
      at: new Date(),
      what: receiptWhat(body, priced.bundle),
      amountKobo: priced.amountKobo,
      feeKobo: 0,
      paidWith: RECEIPT_PAID_WITH.wallet,
      status: RECEIPT_STATUSES.successful,
    });
    await vend(ctx, id);
  } else {
    const result = await completeCardPayment(ctx, vtuPurposes[kind], {
      userId,
      reference: body.transaction_id!,
      input: body,
    });
    id = result.fulfilment.purchaseId;
    created = result.created;
  }
  const [row] = await ctx.db.select().from(vtuPurchases).where(eq(vtuPurchases.id, id));
  const [purchase] = await withCardRefunds(ctx.db, [row!]);
  return { created, purchase: purchase! };
}

/** Airtime and data only: bills are read through bills.ts, in their own shape. */
const isAirtimeOrData = inArray(vtuPurchases.kind, [...AIRTIME_DATA_KINDS]);

export async function listMyPurchases(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const where = and(eq(vtuPurchases.userId, userId), isAirtimeOrData);
  const { rows, total } = await pagedSelect(db, vtuPurchases, {
    where,
    orderBy: [desc(vtuPurchases.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return { rows: await withCardRefunds(db, rows), total };
}

/** One of the customer's own purchases, with its status as it is now (404 for anyone else's). */
export async function getMyPurchase(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(vtuPurchases)
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId), isAirtimeOrData));
  if (!row) throw notFound('Purchase');
  const [purchase] = await withCardRefunds(db, [row]);
  return purchase!;
}

/** Whether this airtime, data or bill purchase is the customer's own. */
export async function ownsPurchase(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ id: vtuPurchases.id })
    .from(vtuPurchases)
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId)));
  return row !== undefined;
}
