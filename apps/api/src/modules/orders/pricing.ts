import {
  deliverySlots,
  firstDeliveryDay,
  lagosClock,
  windowLabel,
  CYLINDER_TYPE_LABELS,
  gramsToKg,
  deliveriesFor,
  formatNaira,
  koboToNaira,
  type CategoryKind,
  type ProductOrderInput,
  type SubscriptionOrderInput,
} from '@ruwa/contract';
import { addDaysTo } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../lib/http/errors';
import * as catalog from '../catalog/service';
import type { Sale } from '../ledger/service';
import { getUser } from '../users/service';

// What a purchase costs: the catalogue's price where it is delivered, the delivery fee, the window
// booked, and the part of the money that is delivery fee revenue.

export type Paid = { method: 'card' | 'wallet'; reference: string };
/**
 * What the server charges for a purchase: the items at the location's price, the location's delivery
 * fee, and their sum. Both wallet and card checkout use it; a client's total is never read.
 */
export type Quote = Awaited<ReturnType<typeof catalog.quote>> & {
  itemsKobo: number;
  feeKobo: number;
  /** items + delivery fee, for one delivery. */
  totalKobo: number;
  /** The recipient's phone: the one given at checkout, else the buyer's own. */
  recipientPhone: string;
  /** The booked window and its day (Lagos) where the area offers windows; else both null. */
  slot: { date: string; label: string } | null;
};

/**
 * The delivery window a purchase books, where its area offers windows: one-off orders name a day
 * (today until the window's cut-off, or tomorrow); a subscription's first delivery is the next one
 * still open, and the rest follow at its interval. Without a window the earliest open one is booked,
 * and a window without a day gets its next open run, so a client that knows nothing of windows still
 * gets the first delivery possible.
 */
function bookSlot(
  windows: Quote['location']['deliveryWindows'],
  input: ProductOrderInput,
  kind: 'order' | 'subscription',
  late: 'refuse' | 'next_day',
  now = new Date(),
): Quote['slot'] {
  if (!windows.length) return null;
  const names = windows.map((w) => w.name).join(', ');
  if (!input.delivery_window) {
    const earliest = deliverySlots(windows, now)[0]!;
    return { date: earliest.date, label: windowLabel(earliest.window) };
  }
  const window = windows.find((w) => w.name.toLowerCase() === input.delivery_window!.toLowerCase());
  if (!window) throw fieldError('delivery_window', `Choose one of the delivery windows offered here: ${names}.`);
  if (kind === 'subscription' || !input.delivery_date)
    return { date: firstDeliveryDay(window, now), label: windowLabel(window) };
  const { day } = lagosClock(now);
  if (input.delivery_date !== day && input.delivery_date !== addDaysTo(day, 1))
    throw fieldError('delivery_date', 'Deliveries can be booked for today or tomorrow (Lagos time).');
  const open = deliverySlots([window], now).some((slot) => slot.date === input.delivery_date);
  // A card already charged for today's run after its cut-off gets the next run rather than no order.
  if (!open && late === 'next_day') return { date: addDaysTo(day, 1), label: windowLabel(window) };
  if (!open)
    throw fieldError(
      'delivery_window',
      `Orders for today's ${window.name} delivery closed at ${window.cutoff}. Choose a later window or tomorrow.`,
    );
  return { date: input.delivery_date, label: windowLabel(window) };
}

/** Who is buying: the signed-in user as the request found them, or an id whose row is read when needed. */
export type Buyer = { id: number; phoneNumber: string };

export async function priceOrder(
  db: DbOrTx,
  buyerOrId: Buyer | number,
  input: ProductOrderInput,
  kind: 'order' | 'subscription' = 'order',
  late: 'refuse' | 'next_day' = 'refuse',
): Promise<Quote> {
  const buyerPhone = async () =>
    typeof buyerOrId === 'number' ? (await getUser(db, buyerOrId))!.phoneNumber : buyerOrId.phoneNumber;
  const [items, recipientPhone] = await Promise.all([
    catalog.quote(db, input.product_id, input.location_id, input.quantity, {
      sizeKg: input.cylinder_size_kg,
      type: input.cylinder_type,
    }),
    // The order goes to the buyer's own number unless another is given.
    input.recipient_phone ?? buyerPhone(),
  ]);
  const { deliveryFeeKobo, minimumOrderKobo, name } = items.location;
  if (items.totalKobo < minimumOrderKobo) {
    throw fieldError(
      'quantity',
      `The minimum order in ${name} is ${formatNaira(koboToNaira(minimumOrderKobo))} (before delivery); this comes to ${formatNaira(koboToNaira(items.totalKobo))}.`,
    );
  }
  return {
    ...items,
    itemsKobo: items.totalKobo,
    feeKobo: deliveryFeeKobo,
    totalKobo: items.totalKobo + deliveryFeeKobo,
    recipientPhone,
    slot: bookSlot(items.location.deliveryWindows, input, kind, late),
  };
}

/** The product as bought: a gas cylinder's size and kind are part of what was bought. */
export function boughtName(price: Quote) {
  if (!price.cylinder) return price.product.name;
  const kind = CYLINDER_TYPE_LABELS[price.cylinder.type].toLowerCase();
  return `${price.product.name} (${gramsToKg(price.cylinder.sizeGrams)} kg ${kind})`;
}

/** What an order or subscription keeps of the purchase and the catalogue at the time it was paid. */
export function orderSnapshot(input: ProductOrderInput, price: Quote) {
  return {
    productId: input.product_id,
    locationId: input.location_id,
    productName: boughtName(price),
    categoryKind: price.category.kind,
    quantity: input.quantity,
    unitPriceKobo: price.unitKobo,
    recipientAddress: input.recipient_address,
    recipientPhone: price.recipientPhone,
    landmark: input.landmark ?? null,
  };
}

export function subscriptionPrice(price: Quote, input: SubscriptionOrderInput) {
  const deliveries = deliveriesFor(input.duration_in_days, input.delivery_interval_days);
  return {
    deliveries,
    perDeliveryKobo: price.totalKobo,
    totalKobo: price.totalKobo * deliveries,
    feeKobo: price.feeKobo * deliveries,
  };
}

/**
 * What an order or subscription sold, for its journals: the category's sales take the items, delivery
 * fee revenue the delivery fees inside the amount (and a refund takes each back from where it went).
 */
const saleOf = (categoryKind: string, deliveryFeeKobo: number): Sale => ({
  category: categoryKind as CategoryKind,
  deliveryFeeKobo,
});

export { saleOf };
