// The payments module's public face: card payments, Paystack webhooks, card refunds, the purposes
// other modules register, and the reads and job that reconcile payments with Paystack.

export {
  cardRefundOf,
  cardRefundsOfPurchases,
  describeCardRefunds,
  requestCardRefund,
  startCardRefund,
  useWalletForCardRefunds,
  type CardRefundDescriber,
} from './card-refunds';
export type { CardRefundRow } from './schema';
export {
  cardRefundsCreatedBetween,
  unpaidCardRefund,
  unpaidCardRefunds,
  type CardRefundSummary,
  type UnpaidCardRefund,
} from './card-refund-reads';

export { registerPurpose, type Fulfilment, type Prepared, type Purpose } from './purposes';
export {
  completeCardPayment,
  initializeCardPayment,
  PAYMENT_PENDING_MESSAGE,
  type CardPaymentResult,
} from './card-payments';
export { onPaystackCharge, onPaystackEvent, processWebhook, recordWebhook } from './webhooks';
export { paymentsByReference, successfulPaymentsBetween } from './payment-reads';
export { reconcilePayments } from './reconcile';
