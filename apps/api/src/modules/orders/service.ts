// The orders module's public face: checkout, subscriptions, cancellations and reads, and the order
// store through which the delivery module reads and changes order rows (the orders table being ours).

export type { OrderRow } from './schema';

export { cancelOrder } from './cancellations';
export { DELIVERY_CODES_JOB, registerOrderPurposes, storeProductOrder, storeSubscriptionOrder } from './checkout';
export { alertUnacceptedOrders, unacceptedOrdersCount } from './jobs';
export {
  agentOrderStats,
  deliveredCountOf,
  getMySubscription,
  getOrder,
  heldOrdersOf,
  ledgerReferencesOf,
  listAgentOrders,
  listAllOrders,
  listMyOrders,
  listMySubscriptions,
  listOpenOrdersFor,
  openLoadOf,
  orderStats,
  subscriptionRevenue,
} from './reads';
export { cancelSubscription, completeEndedSubscriptions, scheduleDueDeliveries } from './subscriptions';

// The order store, for the delivery module.
export { refundOrderToWallet } from './cancellations';
export {
  claimForAgent,
  claimUnsentDeliveryCodes,
  DELIVERY_CODES_PER_CLAIM,
  findOrder,
  findOrders,
  listHeldOrders,
  recordTransition,
  releaseDeliveryCodes,
  updateOrder,
  updateOrderStatus,
  type DeliveryCodeToText,
} from './queries';
// The orders of a period in batches, for the admin export.
export { ordersCreatedBetween } from './queries';

// A subscription by id, for the modules that name it by its SUB- reference (support cases).
export { findSubscription } from './subscription-queries';
