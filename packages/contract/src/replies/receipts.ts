import { z } from 'zod';
import { naira, timestamp } from './http';

/** What a receipt proves: a purchase, or one kind of wallet movement. */
export const RECEIPT_KINDS = [
  'order',
  'subscription',
  'airtime',
  'data',
  'electricity',
  'deposit',
  'transfer_in',
  'withdrawal',
  'refund',
  'wallet_payment',
  'reversal',
  'reward',
  'commission',
  'savings',
  'adjustment',
  'card_refund',
] as const;

/** One labelled line of what was bought and for whom ("Phone number", "0803 000 0000"). */
export const receiptLineReply = z.object({ label: z.string(), value: z.string() });
export type ReceiptLine = z.infer<typeof receiptLineReply>;

/** GET receipts/show: one purchase or wallet movement, as its receipt shows it. */
export const receiptReply = z.object({
  /** What the customer quotes: ORD-12, SUB-3, VTU-40, or a wallet movement's TX_… id. */
  reference: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  /** "Water order", "Airtime", "Deposit"... */
  title: z.string(),
  created_at: timestamp,
  /** The date and time in Lagos, as printed: "4 Dec 2026, 7:02 pm". */
  date_time: z.string(),
  /**
   * The outcome as it stands now: for a purchase its own status (delivered, pending, refunded,
   * failed, cancelled, active...), for a wallet movement the movement's (success, pending, reversed...).
   */
  status: z.string(),
  status_label: z.string(),
  /** What was paid or moved, fee included. */
  amount: naira,
  /** The part of `amount` that is a fee (a delivery fee); 0 when there is none. */
  fee: naira,
  /** card or wallet for a purchase; null for a movement that was not a payment. */
  payment_method: z.enum(['card', 'wallet']).nullable(),
  /** credit when money came into the wallet, debit when it left; null for a card-paid purchase. */
  direction: z.enum(['credit', 'debit']).nullable(),
  /** What was bought and for whom, or where the money came from or went. */
  lines: z.array(receiptLineReply),
  /** The purchase a wallet movement paid for or refunded (ORD-12...), when there is one. */
  purchase_reference: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptReply>;
export type ReceiptKind = Receipt['kind'];
