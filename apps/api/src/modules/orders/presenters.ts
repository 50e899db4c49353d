import {
  DELIVERY_CODE_TRIES,
  gramsToKg,
  koboToNaira,
  type CategoryKind,
  type Order,
  type OrderStatus,
  type Subscription,
} from '@ruwa/contract';
import { addDaysTo } from '@ruwa/contract/dates';
import type { DbOrTx } from '../../db/client';
import type { statusHistoryOf } from '../audit/service';
import * as catalog from '../catalog/service';
import type { OrderRow, SubscriptionRow } from './schema';

// Orders and subscriptions as the API shows them.

export function toOrder(
  row: OrderRow,
  locationName = '',
  history?: Awaited<ReturnType<typeof statusHistoryOf<OrderStatus>>>,
  /** True only when the order's own customer is reading: the delivery code is theirs alone. */
  forCustomer = false,
): Order {
  const paid = !['pending_payment', 'cancelled'].includes(row.status);
  return {
    id: row.id,
    status: row.status,
    product_id: row.productId,
    location_id: row.locationId,
    location_name: locationName,
    product_name: row.productName,
    // A snapshot of its category's kind, which the catalogue's check constraint limits to CATEGORY_KINDS.
    kind: row.categoryKind as CategoryKind,
    quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    order_sub_amount: koboToNaira(row.subAmountKobo),
    delivery_fee: koboToNaira(row.deliveryFeeKobo),
    order_amount: koboToNaira(row.amountKobo),
    recipient_address: row.recipientAddress,
    recipient_phone: row.recipientPhone,
    landmark: row.landmark,
    cylinder_size_kg: row.cylinderSizeGrams === null ? null : gramsToKg(row.cylinderSizeGrams),
    cylinder_type: row.cylinderType,
    delivery_window: row.deliveryWindow,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    subscription_id: row.subscriptionId,
    scheduled_for: row.scheduledFor,
    assigned_agent_id: row.assignedAgentId,
    delivery_locked: row.deliveryCodeAttempts >= DELIVERY_CODE_TRIES,
    order_paid: paid,
    order_payment_confirmed: paid,
    created_at: row.createdAt.toISOString(),
    ...(forCustomer ? { delivery_code: row.deliveryCode } : {}),
    ...(history
      ? {
          history: history.map((h) => ({
            status: h.toStatus,
            from_status: h.fromStatus,
            note: h.note,
            actor: h.actorRole,
            // Named where the reader's contacts are added (delivery), which knows the agents.
            actor_name: null,
            created_at: h.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

/**
 * `delivered`: deliveries that reached the customer. `deliveries_made` counts the delivery orders
 * created so far (the first one at payment), which prices a cancel refund.
 */
export function toSubscription(row: SubscriptionRow, delivered = 0): Subscription {
  // The next delivery is the first scheduled day that has not reached the customer yet: an order
  // made at payment but not delivered is still the next one, whatever the count of orders made.
  const next =
    row.status === 'active' && delivered < row.deliveriesCount
      ? addDaysTo(row.startsOn, delivered * row.deliveryIntervalDays)
      : null;
  return {
    id: row.id,
    status: row.status,
    product_id: row.productId,
    location_id: row.locationId,
    product_name: row.productName,
    quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    delivery_interval_days: row.deliveryIntervalDays,
    duration_in_days: row.durationInDays,
    deliveries: row.deliveriesCount,
    deliveries_made: row.deliveriesMade,
    deliveries_delivered: delivered,
    next_delivery_on: next,
    delivery_fee: koboToNaira(row.deliveryFeeKobo),
    order_amount: koboToNaira(row.amountKobo),
    refunded_amount: koboToNaira(row.refundedKobo),
    recipient_address: row.recipientAddress,
    recipient_phone: row.recipientPhone,
    landmark: row.landmark,
    delivery_window: row.deliveryWindow,
    cylinder_size_kg: row.cylinderSizeGrams === null ? null : gramsToKg(row.cylinderSizeGrams),
    cylinder_type: row.cylinderType,
    delivery_dates: Array.from({ length: row.deliveriesCount }, (_, i) =>
      addDaysTo(row.startsOn, i * row.deliveryIntervalDays),
    ),
    recipient_city: row.recipientCity,
    recipient_state: row.recipientState,
    recipient_country: row.recipientCountry,
    payment_method: row.paymentMethod,
    transaction_id: row.paymentReference,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    created_at: row.createdAt.toISOString(),
  };
}

export async function withLocationNames(db: DbOrTx, rows: OrderRow[], forCustomer = false): Promise<Order[]> {
  const names = await catalog.locationNames(
    db,
    rows.map((r) => r.locationId),
  );
  return rows.map((row) => toOrder(row, names.get(row.locationId), undefined, forCustomer));
}
