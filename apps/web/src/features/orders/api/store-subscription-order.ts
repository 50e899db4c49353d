import type { Subscription } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { purchaseFields, type OrderPayment, type PurchaseInput } from './purchase-input';

/** Subscriptions are delivered in Lekki, Lagos, Nigeria. */
export const SUBSCRIPTION_PLACE = {
  recipient_city: 'lekki',
  recipient_state: 'lagos',
  recipient_country: 'nigeria',
} as const;

/**
 * POST subscription-order/store { ...the order, duration_in_days, delivery_interval_days, recipient_city,
 * recipient_state, recipient_country, transaction_id | payment_method } -> the subscription (201; 200 on replay).
 */
export function storeSubscriptionOrder(input: Required<PurchaseInput>, payment: OrderPayment) {
  return api.post<Subscription>('subscription-order/store', {
    ...purchaseFields(input),
    ...SUBSCRIPTION_PLACE,
    ...payment,
  });
}
