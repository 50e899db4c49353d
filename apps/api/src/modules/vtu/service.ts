import {
  airtimeInput,
  CARD_REFUND_WINDOW_DAYS,
  DATA_BUNDLE_SEED,
  dataInput,
  DUPLICATE_WINDOW_SECONDS,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  toLocalPhone,
  type airtimeBody,
  type DataBundle,
  type dataBody,
  type Network,
  type VtuPurchase,
} from '@ruwa/contract';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { lagosDayOf } from '../../lib/lagos-time';
import {
  newRequestId,
  providerChargeKobo,
  UNKNOWN_REQUEST_CODE,
  VtuProviderError,
  type Variation,
  type VendResult,
} from '../../platform/vtu/client';
import { audit, recordCreatedByCustomer, recordStatusChange, SYSTEM } from '../audit/service';
import { rewardDeliveredPurchase } from '../engagement/service';
import { notify } from '../notifications/service';
import {
  cardRefundsOfPurchases,
  completeCardPayment,
  onCardRefundSettled,
  recordCardRefund,
  registerPurpose,
  requestCardRefund,
  type CardRefundRow,
  type CardRefundSettler,
  type Fulfilment,
  type Purpose,
} from '../payments/service';
import { credit, debit, lockWallet, payFromWallet, requireWalletPin } from '../wallet/service';
import { journal, post, VTU_SALE } from '../ledger/service';
import { dataBundles, vtuPurchases, type DataBundleRow, type VtuPurchaseRow } from './schema';

type AirtimeInput = z.output<typeof airtimeInput>;
type DataInput = z.output<typeof dataInput>;
type Paid = { method: 'card' | 'wallet'; reference: string };

const serviceId = (network: Network, kind: 'airtime' | 'data') => (kind === 'airtime' ? network : `${network}-data`);
const now = () => new Date().toISOString();

export function toBundle(row: DataBundleRow): DataBundle {
  return {
    id: row.id,
    network: row.network,
    variation_code: row.variationCode,
    name: row.name,
    price: koboToNaira(row.priceKobo),
    enabled: row.enabled,
  };
}

const WINDOW_MS = CARD_REFUND_WINDOW_DAYS * 86_400_000;

/** A refused card-paid purchase whose refund, now in the wallet, can still be sent back to the card. */
const mayRefundToCard = (row: VtuPurchaseRow, at = Date.now()) =>
  row.paymentMethod === 'card' && row.status === 'refunded' && at - row.createdAt.getTime() <= WINDOW_MS;

export function toPurchase(row: VtuPurchaseRow, cardRefund: CardRefundRow | null = null): VtuPurchase {
  return {
    id: row.id,
    kind: row.kind,
    network: row.network,
    phone: toLocalPhone(row.phone),
    amount: koboToNaira(row.amountKobo),
    bundle: row.bundleName,
    status: row.status,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    card_refund_available: !cardRefund && mayRefundToCard(row),
    card_refund: cardRefund ? { status: cardRefund.status, amount: koboToNaira(cardRefund.amountKobo) } : null,
  };
}

/** Purchases as the customer reads them, each with its refund to the card if it has one. */
async function withCardRefunds(db: DbOrTx, rows: VtuPurchaseRow[]) {
  const refunds = await cardRefundsOfPurchases(
    db,
    rows.filter((row) => row.paymentMethod === 'card' && row.status === 'refunded').map((row) => row.id),
  );
  return rows.map((row) => toPurchase(row, refunds.get(row.id) ?? null));
}

// Bundles

/** Data bundles are server data: the table is seeded once, then admins own the prices. */
export async function ensureDataBundles(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(dataBundles);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(dataBundles)
    .values(
      DATA_BUNDLE_SEED.map((b, i) => ({
        network: b.network,
        variationCode: b.variation_code,
        name: b.name,
        priceKobo: nairaToKobo(b.price),
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
}

export async function listBundles(db: DbOrTx, options: { network?: Network; includeDisabled?: boolean }) {
  const rows = await db
    .select()
    .from(dataBundles)
    .where(
      and(
        options.network ? eq(dataBundles.network, options.network) : undefined,
        options.includeDisabled ? undefined : eq(dataBundles.enabled, true),
      ),
    )
    // Cheapest first: how people compare bundles (the seed's order is the provider's).
    .orderBy(asc(dataBundles.priceKobo), asc(dataBundles.sortOrder), asc(dataBundles.id));
  return rows.map(toBundle);
}

export async function updateBundle(db: Db, actorId: number, input: { id: number; price?: number; enabled?: boolean }) {
  // The change and its audit row are one transaction: neither lands without the other.
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dataBundles).where(eq(dataBundles.id, input.id));
    const [row] = await tx
      .update(dataBundles)
      .set({
        ...(input.price !== undefined ? { priceKobo: nairaToKobo(input.price) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(eq(dataBundles.id, input.id))
      .returning();
    if (!row) throw notFound('Data bundle');
    await audit(tx, {
      actorId,
      action: 'data_bundle.update',
      entity: 'data_bundles',
      entityId: row.id,
      before,
      after: row,
    });
    return toBundle(row);
  });
}

/**
 * Compares a network's bundles with the provider's list (`/service-variations`). A bundle the provider
 * has started offering is added switched off, at the provider's price, for an admin to check, price and
 * enable; the prices of bundles we already sell are never touched (admins own them). Our bundles the
 * provider no longer lists are answered as `not_offered`, so an admin can switch them off.
 */
export async function syncBundlesFromProvider(ctx: AppContext, actorId: number, network: Network) {
  let offered: Variation[];
  try {
    offered = await ctx.vtu.variations(serviceId(network, 'data'));
  } catch (error) {
    if (!(error instanceof VtuProviderError)) throw error;
    throw new AppError('bad_gateway', 'The VTU provider did not answer. Try again shortly.');
  }
  offered = offered.filter((v) => nairaToKobo(v.amount) > 0);
  // An empty list is a provider fault, not a sign that every bundle was withdrawn.
  if (!offered.length)
    throw new AppError('bad_gateway', 'The VTU provider listed no bundles for this network. Try again shortly.');

  return ctx.db.transaction(async (tx) => {
    const ours = await tx
      .select()
      .from(dataBundles)
      .where(eq(dataBundles.network, network))
      .orderBy(asc(dataBundles.sortOrder), asc(dataBundles.id));
    const known = new Set(ours.map((b) => b.variationCode));
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${dataBundles.sortOrder}), 0)`.mapWith(Number) })
      .from(dataBundles);
    const fresh = offered.filter(
      (v, i) => !known.has(v.variation_code) && offered.findIndex((o) => o.variation_code === v.variation_code) === i,
    );
    const added = fresh.length
      ? await tx
          .insert(dataBundles)
          .values(
            fresh.map((v, i) => ({
              network,
              variationCode: v.variation_code,
              name: v.name.slice(0, 100),
              priceKobo: nairaToKobo(v.amount),
              enabled: false,
              sortOrder: (last?.max ?? 0) + 1 + i,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    for (const row of added)
      await audit(tx, {
        actorId,
        action: 'data_bundle.add_from_provider',
        entity: 'data_bundles',
        entityId: row.id,
        after: row,
      });
    const listed = new Set(offered.map((v) => v.variation_code));
    return { added: added.map(toBundle), not_offered: ours.filter((b) => !listed.has(b.variationCode)).map(toBundle) };
  });
}

// Pricing, always on the server

async function airtimePrice(input: AirtimeInput) {
  return { amountKobo: nairaToKobo(input.amount), bundle: null as DataBundleRow | null };
}

async function dataPrice(db: DbOrTx, input: DataInput) {
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
 * The same amount to the same number within 30 s is probably a double tap: ask first. On its own
 * this is only a look; `buy` runs it after the wallet debit, which queues one customer's wallet
 * payments on the wallet row, so two taps at the same moment cannot both pass it.
 */
async function guardDuplicate(db: DbOrTx, userId: number, phone: string, amountKobo: number, confirmed: boolean) {
  if (confirmed) return;
  const since = new Date(Date.now() - DUPLICATE_WINDOW_SECONDS * 1000);
  const [recent] = await db
    .select({ id: vtuPurchases.id })
    .from(vtuPurchases)
    .where(
      and(
        eq(vtuPurchases.userId, userId),
        eq(vtuPurchases.phone, phone),
        eq(vtuPurchases.amountKobo, amountKobo),
        gt(vtuPurchases.createdAt, since),
      ),
    )
    .limit(1);
  if (recent) {
    throw new AppError(
      'conflict',
      `You bought ${formatNaira(koboToNaira(amountKobo))} for ${toLocalPhone(phone)} less than ${DUPLICATE_WINDOW_SECONDS} seconds ago. Buy it again?`,
      undefined,
      { code: 'possible_duplicate' },
    );
  }
}

async function createPurchase(
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

// Vending

/**
 * Applies a provider answer: delivered is final; failed refunds the wallet at once, exactly once;
 * pending (or a timeout, or anything unreadable) waits for the requery job.
 */
/**
 * A delivered vend's cost, out of the float the provider holds for us: what it says it charged
 * (face value less its discount), else the face value. Under the request id, once.
 */
async function postVendCost(tx: Tx, row: VtuPurchaseRow, result: VendResult) {
  const costKobo = providerChargeKobo(result.raw) ?? row.amountKobo;
  if (costKobo <= 0) return;
  await post(tx, journal('vtu_cost', row.requestId, { costKobo }));
}

async function applyVendResult(ctx: AppContext, id: number, action: 'pay' | 'requery', result: VendResult) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(vtuPurchases).where(eq(vtuPurchases.id, id)).for('update');
    if (!row) return null;
    const response = {
      at: now(),
      action,
      status: result.status,
      code: result.code,
      message: result.message.slice(0, 200),
    };
    const log = sql`${vtuPurchases.providerResponses} || ${JSON.stringify([response])}::jsonb`;
    if (row.status !== 'pending' || result.status === 'pending') {
      await tx
        .update(vtuPurchases)
        .set({ providerResponses: log, lastCheckedAt: new Date(), updatedAt: new Date() })
        .where(eq(vtuPurchases.id, id));
      return row.status;
    }
    if (result.status === 'delivered') {
      await tx
        .update(vtuPurchases)
        .set({
          status: 'delivered',
          providerResponses: log,
          lastCheckedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(vtuPurchases.id, id));
      await recordStatusChange(tx, {
        entity: 'vtu_purchase',
        entityId: id,
        from: 'pending',
        to: 'delivered',
        actor: SYSTEM,
      });
      await notify(tx, row.userId, {
        kind: 'vtu',
        title: row.kind === 'airtime' ? 'Airtime delivered' : 'Data delivered',
        description: `${row.bundleName ?? formatNaira(koboToNaira(row.amountKobo))} ${row.kind} for ${toLocalPhone(row.phone)} was delivered.`,
      });
      await rewardDeliveredPurchase(tx, row);
      await postVendCost(tx, row, result);
      return 'delivered';
    }
    await credit(tx, row.userId, {
      amountKobo: row.amountKobo,
      type: 'refund',
      reference: `vtu:${row.id}`,
      description: `Refund: ${row.kind} for ${toLocalPhone(row.phone)} failed`,
    });
    await tx
      .update(vtuPurchases)
      .set({
        status: 'refunded',
        providerResponses: log,
        lastCheckedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(vtuPurchases.id, id));
    await recordStatusChange(
      tx,
      { entity: 'vtu_purchase', entityId: id, from: 'pending', to: 'failed', actor: SYSTEM },
      { entity: 'vtu_purchase', entityId: id, from: 'failed', to: 'refunded', actor: SYSTEM },
    );
    await notify(tx, row.userId, {
      kind: 'vtu',
      title: 'Purchase failed: money refunded',
      description: `The network could not deliver ${row.kind} to ${toLocalPhone(row.phone)}. ${formatNaira(koboToNaira(row.amountKobo))} is back in your wallet.`,
    });
    return 'refunded';
  });
}

/** Sends a paid purchase to the provider, once: the claim makes a second caller a no-op. */
export async function vend(ctx: AppContext, id: number) {
  const [claimed] = await ctx.db
    .update(vtuPurchases)
    .set({ lastCheckedAt: new Date() })
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.status, 'pending'), isNull(vtuPurchases.lastCheckedAt)))
    .returning();
  if (!claimed) return;
  await applyVendResult(ctx, id, 'pay', await ctx.vtu.pay(payInput(claimed)));
}

const payInput = (row: VtuPurchaseRow) => ({
  requestId: row.requestId,
  serviceId: serviceId(row.network, row.kind),
  phone: toLocalPhone(row.phone),
  ...(row.kind === 'airtime' ? { amountNaira: koboToNaira(row.amountKobo) } : { variationCode: row.variationCode! }),
});

/** The requery job: asks about every pending purchase; vends any that never reached the provider. */
export async function requeryPending(ctx: AppContext, at = new Date()): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(vtuPurchases)
    .where(
      and(
        eq(vtuPurchases.status, 'pending'),
        or(
          lt(vtuPurchases.lastCheckedAt, new Date(at.getTime() - 5_000)),
          and(isNull(vtuPurchases.lastCheckedAt), lt(vtuPurchases.createdAt, new Date(at.getTime() - 60_000))),
        ),
      ),
    )
    .orderBy(asc(vtuPurchases.id))
    .limit(200);
  for (const row of rows) {
    if (!row.lastCheckedAt) {
      await vend(ctx, row.id);
      continue;
    }
    const answer = await ctx.vtu.requery(row.requestId);
    // The provider never received the vend (a 5xx or a dropped connection): send it again with the
    // same request id, which the provider refuses to vend twice.
    if (answer.code === UNKNOWN_REQUEST_CODE)
      await applyVendResult(ctx, row.id, 'pay', await ctx.vtu.pay(payInput(row)));
    else await applyVendResult(ctx, row.id, 'requery', answer);
  }
  return rows.length;
}

// Purchases

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
        afterCommit: (fulfilment) => vend(ctx, fulfilment.purchaseId),
      };
    },
  };
}

const vtuPurposes = { airtime: purposeFor('airtime'), data: purposeFor('data') };

export function registerVtuPurposes() {
  registerPurpose(vtuPurposes.airtime);
  registerPurpose(vtuPurposes.data);
  onCardRefundSettled('vtu', settleVtuCardRefund);
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

export async function listMyPurchases(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const where = eq(vtuPurchases.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(vtuPurchases)
      .where(where)
      .orderBy(desc(vtuPurchases.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(vtuPurchases).where(where),
  ]);
  return { rows: await withCardRefunds(db, rows), total: totals?.total ?? 0 };
}

/** One of the customer's own purchases, with its status as it is now (404 for anyone else's). */
export async function getMyPurchase(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(vtuPurchases)
    .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId)));
  if (!row) throw notFound('Purchase');
  const [purchase] = await withCardRefunds(db, [row]);
  return purchase!;
}

/** Why a purchase's refund cannot go back to the card (422 on `id`). */
const CARD_REFUND_REFUSALS = {
  wallet: 'This purchase was paid from your wallet, so its refund stays in your wallet.',
  notRefunded: 'Only a purchase the network refused, and refunded to your wallet, can go back to the card.',
  failed: 'Your card could not take this refund, so it is back in your wallet for good.',
  tooOld: `A refund can go back to the card only within ${CARD_REFUND_WINDOW_DAYS} days of the purchase. It stays in your wallet.`,
  spent: 'You have spent part of this refund; it can no longer go back to the card.',
};

/**
 * Moves a refused purchase's wallet refund to the card, in the caller's transaction (which holds the
 * purchase's lock): the wallet debit, posted from the customer's wallet to Card refunds in transit
 * under the purchase's `vtu:ID` reference, and the refund row (one per purchase). The sale was
 * already given back when the wallet was refunded, so this only changes where the money is owed.
 * A wallet holding less than the amount (the customer spent some of it) is refused, checked under
 * the wallet's lock so a payment at the same moment cannot slip between the check and the debit.
 */
async function startWalletRefundToCard(tx: Tx, purchase: VtuPurchaseRow) {
  const wallet = await lockWallet(tx, purchase.userId);
  if (wallet.balanceKobo < purchase.amountKobo) throw fieldError('id', CARD_REFUND_REFUSALS.spent);
  await debit(
    tx,
    purchase.userId,
    {
      amountKobo: purchase.amountKobo,
      type: 'card_refund',
      reference: `vtu:${purchase.id}`,
      description: `Refund sent back to your card: ${purchase.kind} for ${toLocalPhone(purchase.phone)}`,
    },
    'id',
  );
  const refund = await recordCardRefund(tx, {
    vtuPurchaseId: purchase.id,
    userId: purchase.userId,
    transactionReference: purchase.paymentReference,
    amountKobo: purchase.amountKobo,
  });
  return refund!;
}

/**
 * Paystack's answer on a purchase's card refund: the customer told it is on the card, or, when the
 * card refused it, the money credited back to the wallet from Card refunds in transit. The wallet
 * refund (`refund`) and its move to the card (`card_refund`) already exist under `vtu:ID`, so the
 * money coming back is the `reversal` of that move, once.
 */
const settleVtuCardRefund: CardRefundSettler = async (tx, refund, outcome) => {
  const [purchase] = await tx.select().from(vtuPurchases).where(eq(vtuPurchases.id, refund.vtuPurchaseId!));
  const amount = formatNaira(koboToNaira(refund.amountKobo));
  const what = purchase ? `${purchase.kind} for ${toLocalPhone(purchase.phone)}` : `purchase #${refund.vtuPurchaseId}`;
  if (outcome === 'processed') {
    await notify(tx, refund.userId, {
      kind: 'vtu',
      title: 'Refund on your card',
      description: `${amount} for the ${what} that was not delivered is back on your card.`,
    });
    return;
  }
  await credit(tx, refund.userId, {
    amountKobo: refund.amountKobo,
    type: 'reversal',
    reference: `vtu:${refund.vtuPurchaseId}`,
    description: `Card refund failed: ${what} back in your wallet`,
    refusedCardRefund: true,
  });
  await notify(tx, refund.userId, {
    kind: 'vtu',
    title: 'Refund back in your wallet',
    description: `Your card could not take the refund, so ${amount} is in your Ruwa wallet again.`,
  });
};

/**
 * Sends a refused card-paid purchase's refund, already in the customer's wallet, back to the card
 * instead: in one transaction under the purchase's lock, the wallet is debited to Card refunds in
 * transit and the refund row written; Paystack is asked after the commit, its webhook settling it.
 * Asking again answers the refund already on its way (never a second debit).
 */
export async function refundToCard(ctx: AppContext, userId: number, id: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vtuPurchases)
      .where(and(eq(vtuPurchases.id, id), eq(vtuPurchases.userId, userId)))
      .for('update');
    if (!row) throw notFound('Purchase');
    if (row.paymentMethod !== 'card') throw fieldError('id', CARD_REFUND_REFUSALS.wallet);
    if (row.status !== 'refunded') throw fieldError('id', CARD_REFUND_REFUSALS.notRefunded);
    const earlier = (await cardRefundsOfPurchases(tx, [row.id])).get(row.id);
    if (earlier?.status === 'failed') throw fieldError('id', CARD_REFUND_REFUSALS.failed);
    if (earlier) return { row, refund: earlier, replayed: true };
    if (!mayRefundToCard(row)) throw fieldError('id', CARD_REFUND_REFUSALS.tooOld);
    const refund = await startWalletRefundToCard(tx, row);
    return { row, refund, replayed: false };
  });
  if (!result.replayed) await requestCardRefund(ctx, result.refund.id);
  const [purchase] = await withCardRefunds(ctx.db, [result.row]);
  return { purchase: purchase!, replayed: result.replayed };
}

/** VTU figures for the admin dashboard since `from`. */
export async function vtuStats(db: DbOrTx, from: Date) {
  const [row] = await db
    .select({
      total: count(),
      delivered: sql<number>`count(*) filter (where ${vtuPurchases.status} = 'delivered')`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${vtuPurchases.status} = 'refunded')`.mapWith(Number),
      refundedKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'refunded'), 0)`.mapWith(
          Number,
        ),
      airtimeKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered' and ${vtuPurchases.kind} = 'airtime'), 0)`.mapWith(
          Number,
        ),
      dataKobo:
        sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered' and ${vtuPurchases.kind} = 'data'), 0)`.mapWith(
          Number,
        ),
    })
    .from(vtuPurchases)
    .where(gte(vtuPurchases.createdAt, from));
  const series = await db
    .select({
      day: lagosDayOf(vtuPurchases.createdAt),
      kind: vtuPurchases.kind,
      purchases: count(),
      kobo: sql<number>`coalesce(sum(${vtuPurchases.amountKobo}) filter (where ${vtuPurchases.status} = 'delivered'), 0)`.mapWith(
        Number,
      ),
    })
    .from(vtuPurchases)
    .where(gte(vtuPurchases.createdAt, from))
    .groupBy(sql`1`, vtuPurchases.kind);
  return { ...row!, series };
}

/**
 * The references the ledger files a vend's money under (its payment reference and its refund,
 * `vtu:ID`), found from either or from the request id the VTU provider knows it by.
 */
export async function ledgerReferencesOf(db: DbOrTx, reference: string): Promise<string[]> {
  const [row] = await db
    .select({ id: vtuPurchases.id, paymentReference: vtuPurchases.paymentReference })
    .from(vtuPurchases)
    .where(
      or(
        eq(vtuPurchases.paymentReference, reference),
        eq(vtuPurchases.requestId, reference),
        eq(sql`'vtu:' || ${vtuPurchases.id}`, reference),
      ),
    )
    .limit(1);
  return row ? [row.paymentReference, `vtu:${row.id}`] : [];
}

/** The vends created in [from, to), as reconciliation compares them with the provider's view. */
export async function vendsCreatedBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      id: vtuPurchases.id,
      requestId: vtuPurchases.requestId,
      kind: vtuPurchases.kind,
      status: vtuPurchases.status,
      amountKobo: vtuPurchases.amountKobo,
      createdAt: vtuPurchases.createdAt,
    })
    .from(vtuPurchases)
    .where(and(gte(vtuPurchases.createdAt, from), lt(vtuPurchases.createdAt, to)))
    .orderBy(asc(vtuPurchases.id));
}
