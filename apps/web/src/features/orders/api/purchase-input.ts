import type { PurchasePayment } from '@ruwa/contract/payments';

/** What is bought, where, how many; subscriptions add how long and how often. */
export type PurchaseInput = {
  product_id: number;
  location_id: number;
  quantity: number;
  recipient_address: string;
  duration_in_days?: number;
  delivery_interval_days?: number;
};

/** How it is paid: a verified card reference, or the wallet (debited on the server). */
export type OrderPayment = PurchasePayment;
