import { z } from 'zod';
import { PAYMENT_METHODS } from '../orders';
import { CARD_REFUND_STATUSES, NETWORKS, VTU_STATUSES } from '../vtu';
import { naira, timestamp } from './http';

export const dataBundleReply = z.object({
  id: z.number().int(),
  network: z.enum(NETWORKS),
  /** The provider's code for the bundle. */
  variation_code: z.string(),
  name: z.string(),
  price: naira,
  enabled: z.boolean(),
});
export type DataBundle = z.infer<typeof dataBundleReply>;

/** POST admin/data-bundles/sync: what the provider offers that we did not have (added switched off), and ours it no longer lists. */
export const dataBundleSyncReply = z.object({
  added: z.array(dataBundleReply),
  not_offered: z.array(dataBundleReply),
});
export type DataBundleSync = z.infer<typeof dataBundleSyncReply>;

/** The network a number's prefix suggests, or null when none does. */
export const detectedNetworkReply = z.object({ network: z.enum(NETWORKS).nullable() });

export const vtuPurchaseReply = z.object({
  id: z.number().int(),
  kind: z.enum(['airtime', 'data']),
  network: z.enum(NETWORKS),
  /** Local form, 0803... */
  phone: z.string(),
  amount: naira,
  /** The data bundle's name; null for airtime. */
  bundle: z.string().nullable(),
  status: z.enum(VTU_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The payment's reference (Paystack's, for a card). */
  transaction_id: z.string(),
  /** The request id sent to the provider. */
  request_id: z.string(),
  created_at: timestamp,
  /**
   * True while a refused card-paid purchase's refund, now in the wallet, may still be sent back to
   * the card instead (POST vtu/card-refund).
   */
  card_refund_available: z.boolean(),
  /** The refund on its way back to the card, once the customer chose that; null otherwise. */
  card_refund: z.object({ status: z.enum(CARD_REFUND_STATUSES), amount: naira }).nullable(),
});
export type VtuPurchase = z.infer<typeof vtuPurchaseReply>;
