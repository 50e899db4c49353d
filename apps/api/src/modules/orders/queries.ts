import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { PURCHASE_PREFIXES, type OrderStatus } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { createdBetweenBatch, type KeysetBatch } from '../../db/keyset';
import { oldestInQueue } from '../../db/queue';
import { recordStatusChange, type Actor } from '../audit/service';
import { statusChangeFrom } from '../audit/service';
import { alertsQueuedFrom, orderEventsFrom } from '../events/service';
import { notificationFrom, RECEIPT_PAID_WITH, RECEIPT_STATUSES, receiptMailQueuedFrom } from '../notifications/service';
import { walletPaymentStatement } from '../wallet/service';
import { deliveryCodesDue, orders, type OrderRow } from './schema';

// The order store: order rows written and read one at a time, the status history each move leaves,
// and the queue of delivery codes to text, filled as paid orders are recorded.

/** The statuses of an order whose delivery code is still of use: texted when the order is recorded so. */
const AWAITING_DELIVERY = ['paid', 'assigned', 'out_for_delivery'] as const;

/** Records an order; one recorded as paid has its delivery code queued to be texted (`delivery_codes_due`). */
export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if ((AWAITING_DELIVERY as readonly string[]).includes(row!.status))
    await db.insert(deliveryCodesDue).values({ orderId: row!.id });
  return row!;
}

const p = (name: string) => sql.placeholder(name);

/**
 * A wallet-paid order as one statement (one round trip, its own transaction), put together from the
 * parts each table's owner exports, so it writes what their TypeScript paths write for a card-paid
 * order (wallet-order-parity.test.ts compares the two): the wallet's debit, ledger entry and journal
 * (`walletPaymentStatement`), then the paid order, its first status-history row (`statusChangeFrom`),
 * the customer's notification (`notificationFrom`), the live events of a new paid order and their
 * alert (`orderEventsFrom`, `alertsQueuedFrom`), and the delivery code queued to be texted. The row
 * comes with `event_ids` (comma-separated) for the caller to announce once it has committed
 * (events/service.ts announcerOf). Each write reads the row the one before it returned, so when the
 * wallet does not cover the price nothing at all is written. The unique payment reference on orders
 * still guards against a repeated reference: the statement then fails whole. The notification's text
 * is built by the caller around the new order's id.
 */
export const placeWalletPaidOrder = walletPaymentStatement(
  'wallet_paid_order',
  orders,
  (columns) => sql`
    placed as (
      insert into orders (user_id, product_id, location_id, product_name, category_kind, quantity, unit_price_kobo, sub_amount_kobo,
        delivery_fee_kobo, amount_kobo, recipient_address, recipient_phone, landmark, cylinder_size_grams, cylinder_type,
        scheduled_for, delivery_window, status, payment_method, payment_reference)
      select ${p('userId')}::int, ${p('productId')}::int, ${p('locationId')}::int, ${p('productName')}::text, ${p('categoryKind')}::text,
        ${p('quantity')}::int, ${p('unitPriceKobo')}::bigint, ${p('subAmountKobo')}::bigint, ${p('deliveryFeeKobo')}::bigint,
        ${p('amountKobo')}::bigint, ${p('recipientAddress')}::text, ${p('recipientPhone')}::text, ${p('landmark')}::text,
        ${p('cylinderSizeGrams')}::int, ${p('cylinderType')}::text, ${p('scheduledFor')}::date, ${p('deliveryWindow')}::text, 'paid', 'wallet', reference
      from entry
      returning ${columns}
    ), history as (
      ${statusChangeFrom(sql`placed`, {
        entity: 'order',
        entityId: sql`id`,
        from: null,
        to: sql`'paid'`,
        actorId: sql`user_id`,
        actorRole: 'customer',
        note: sql`'Paid by wallet (' || payment_reference || ')'`,
      })}
    ), notified as (
      ${notificationFrom(sql`placed`, {
        userId: sql`user_id`,
        kind: 'payment',
        title: 'Payment received',
        description: sql`${p('noticeBeforeId')}::text || id || ${p('noticeAfterId')}::text`,
      })}
    ), announced as (
      ${orderEventsFrom(
        sql`placed`,
        {
          id: sql`id`,
          status: 'paid',
          userId: sql`user_id`,
          assignedAgentId: null,
          locationId: sql`location_id`,
          categoryKind: sql`category_kind`,
          productName: sql`product_name`,
          quantity: sql`quantity`,
        },
        null,
        sql`${p('locationName')}::text`,
      )}
    ), alert_queued as (
      ${alertsQueuedFrom(sql`announced`)}
    ), code_queued as (
      insert into delivery_codes_due (order_id) select id from placed
    ), receipt_queued as (
      ${receiptMailQueuedFrom(sql`placed`, {
        userId: sql`user_id`,
        kind: sql`${'payment'}::text`,
        reference: sql`${`${PURCHASE_PREFIXES.order}-`}::text || id`,
        at: sql`created_at`,
        what: sql`${p('receiptWhat')}::text`,
        amountKobo: sql`amount_kobo`,
        feeKobo: sql`delivery_fee_kobo`,
        paidWith: sql`${RECEIPT_PAID_WITH.wallet}::text`,
        status: sql`${RECEIPT_STATUSES.successful}::text`,
      })}
    )
    select ${columns}, (select string_agg(id::text, ',') from announced) as event_ids from placed`,
  ['event_ids'],
);

/** What the order statement needs besides the payment itself. */
export type WalletPaidOrder = {
  productId: number;
  locationId: number;
  productName: string;
  categoryKind: string;
  quantity: number;
  unitPriceKobo: number;
  /** The items; the debit (amountKobo) is these plus the delivery fee. */
  subAmountKobo: number;
  deliveryFeeKobo: number;
  recipientAddress: string;
  recipientPhone: string;
  landmark: string | null;
  cylinderSizeGrams: number | null;
  cylinderType: 'refill' | 'new' | null;
  scheduledFor: string | null;
  deliveryWindow: string | null;
  /** For the order.available event agents see. */
  locationName: string;
  /** The notification reads noticeBeforeId + the new order's id + noticeAfterId. */
  noticeBeforeId: string;
  noticeAfterId: string;
  /** What the receipt e-mail says was bought. */
  receiptWhat: string;
};

export async function findOrder(
  db: DbOrTx,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOrderStatus(
  db: DbOrTx,
  id: number,
  status: OrderRow['status'],
  extra: { assignedAgentId?: number | null } = {},
) {
  await db
    .update(orders)
    .set({ status, ...extra, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

export async function findOrders(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

export async function updateOrder(db: DbOrTx, id: number, values: Partial<typeof orders.$inferInsert>) {
  await db.update(orders).set(values).where(eq(orders.id, id));
}

export function recordTransition(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: Actor,
  note: string | null,
) {
  return recordStatusChange(tx, { entity: 'order', entityId: orderId, from, to, actor, note });
}

/** Orders whose delivery codes one claim takes. */
export const DELIVERY_CODES_PER_CLAIM = 50;

/** What a delivery-code text says, and to whom. */
export type DeliveryCodeToText = Pick<OrderRow, 'id' | 'userId' | 'quantity' | 'productName' | 'deliveryCode'>;

/**
 * Claims the oldest codes still to text, at most DELIVERY_CODES_PER_CLAIM rows of `delivery_codes_due`,
 * by deleting them (see oldestInQueue), and answers their orders, oldest first. An order placed
 * before `since`, or no longer waiting for delivery, is dropped with its row.
 */
export async function claimUnsentDeliveryCodes(db: DbOrTx, since: Date): Promise<DeliveryCodeToText[]> {
  const due = db.$with('due').as(
    db
      .delete(deliveryCodesDue)
      .where(oldestInQueue(db, deliveryCodesDue, deliveryCodesDue.orderId, DELIVERY_CODES_PER_CLAIM))
      .returning({ orderId: deliveryCodesDue.orderId }),
  );
  return db
    .with(due)
    .select({
      id: orders.id,
      userId: orders.userId,
      quantity: orders.quantity,
      productName: orders.productName,
      deliveryCode: orders.deliveryCode,
    })
    .from(orders)
    .where(
      and(
        sql`${orders.id} = any(array(select ${due.orderId} from ${due}))`,
        inArray(orders.status, AWAITING_DELIVERY),
        gte(orders.createdAt, since),
      ),
    )
    .orderBy(asc(orders.id));
}

/** Puts codes back to be texted on a later run (their send failed). */
export async function releaseDeliveryCodes(db: DbOrTx, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await db
    .insert(deliveryCodesDue)
    .values(orderIds.map((orderId) => ({ orderId })))
    .onConflictDoNothing();
}

/** The undelivered orders an agent holds, locked for the caller's transaction. */
export async function listHeldOrders(db: DbOrTx, agentId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.assignedAgentId, agentId), inArray(orders.status, ['assigned', 'out_for_delivery'])))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function claimForAgent(db: DbOrTx, id: number, agentId: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'assigned', assignedAgentId: agentId, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.assignedAgentId)))
    .returning();
  return row ?? null;
}

/** A batch of the orders placed in a period (createdBetweenBatch), for the export. */
export const ordersCreatedBetween = (db: DbOrTx, batch: KeysetBatch) => createdBetweenBatch(db, orders, batch);
