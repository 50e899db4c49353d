import type { Order } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { purchaseFields, type OrderPayment, type PurchaseInput } from './purchase-input';

/**
 * POST product-order/store { product_id, location_id, quantity, recipient_address, recipient_phone,
 * landmark, transaction_id | payment_method } -> the order (201; 200 when the same card reference was
 * already used).
 */
export function storeProductOrder(input: PurchaseInput, payment: OrderPayment) {
  return api.post<Order>('product-order/store', { ...purchaseFields(input), ...payment });
}
