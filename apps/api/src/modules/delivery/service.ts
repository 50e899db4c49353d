/**
 * Delivery: what happens to a paid order until it reaches its customer. Agents accept orders or an
 * admin assigns them, agents give them back or take them out, and delivery is proven with the
 * customer's code (or an admin's written reason); the agent's commission is paid in the delivery's
 * transaction; each side sees the other's contact only while it matters; a job texts each new
 * order's code to its customer.
 *
 * Imports go one way: delivery calls the orders and agents modules' services, and neither of them
 * imports delivery. The orders table stays the orders module's: an order row is written at checkout,
 * at cancellation and here, and with one module holding the table there is one place that knows
 * every way a row changes. So delivery reads and writes orders only through the order store
 * orders/service.ts exports (find and lock, status and column updates, the status history, the
 * queue of codes to text). That queue is filled in the same statement that records a paid order,
 * so it is part of the order store too; orders starts the texting job by its name alone. Commission
 * rows are kept by the agents module, whose dashboard and agent detail add them up; delivery decides
 * when a commission is due and how much. Suspending an agent hands their orders back through
 * `onAgentSuspended`, registered at start-up, so agents needs nothing from this module.
 */
import { onAgentSuspended } from '../agents/service';
import { returnOrdersOf } from './dispatch';

export { listCommissions } from './commission';
export { myOrders, openOrders, withContacts } from './contacts';
export { sendDeliveryCodes } from './delivery-codes';
export { accept, agentsForOrder, assignAsAdmin, release } from './dispatch';
export { changeOrderStatus } from './moves';
export { confirmDeliveryAsAdmin, moveOrder } from './proof';

/** What delivery does when other modules act: a suspended agent's orders go back to open. */
export function registerDeliveryHandlers() {
  onAgentSuspended(returnOrdersOf);
}
