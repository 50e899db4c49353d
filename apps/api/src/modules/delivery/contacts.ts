import { toLocalPhone, type AgentOrder, type Order, type OrderCustomerContact, type OrderStatus } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { statusHistoryOf } from '../audit/service';
import * as agents from '../agents/service';
import type { AgentRow } from '../agents/service';
import * as orders from '../orders/service';
import { usersByIds } from '../users/service';

// Who sees whose contact: a customer sees the agent holding their order, that agent sees the
// customer, admins see both; nobody else sees either.

type Paging = { limit: number; offset: number };

export async function openOrders(db: DbOrTx, agent: AgentRow, paging: Paging) {
  const { rows, total } = await orders.listOpenOrdersFor(db, await agents.deliveryAreaOf(db, agent), paging);
  return { rows: await asSeenByAgent(db, rows, agent.id), total };
}
export async function myOrders(db: DbOrTx, agent: AgentRow, paging: Paging) {
  const { rows, total } = await orders.listAgentOrders(db, agent.id, paging);
  return { rows: await asSeenByAgent(db, rows, agent.id), total };
}

/** One order as this agent sees it: with its customer's contact while they hold it, its area otherwise. */
export async function asHeldBy(db: DbOrTx, agent: AgentRow, orderId: number) {
  const { order } = await orders.getOrder(db, orderId, { id: 0, role: 'admin' });
  return (await asSeenByAgent(db, [order], agent.id))[0]!;
}

// Who sees whom

/**
 * Adds to each order what its reader may know of the other side, and nothing more: its customer
 * sees the agent holding it (business name, first name, phone); admins see which agent holds it.
 * Agents read orders through `asSeenByAgent`.
 */
export async function withContacts(db: DbOrTx, list: Order[], reader: 'customer' | 'admin'): Promise<Order[]> {
  list = await withAgentNames(db, list);
  const held = list.filter((order) => order.assigned_agent_id !== null);
  const agentIds = [...new Set(held.map((order) => order.assigned_agent_id!))];
  const byId = await agents.contactsOf(db, agentIds);
  return list.map((order) => {
    const agent = order.assigned_agent_id === null ? undefined : byId.get(order.assigned_agent_id);
    if (!agent) return { ...order, agent: null };
    if (reader === 'admin') return { ...order, agent };
    // The customer sees who delivers once an agent holds the order, and who delivered it.
    return SHOWN_TO_CUSTOMER.includes(order.status) ? { ...order, agent } : { ...order, agent: null };
  });
}

/**
 * Orders as an agent may read them: the agent holding one sees its customer (first name, the phone
 * given for the delivery, address, landmark) until it is delivered; on any other (open in their
 * area, released, delivered, cancelled, refunded) the address, phone and landmark are taken out, so
 * an agent learns where a customer lives only by accepting the order, and keeps no list of where
 * past customers live once the job is done.
 */
export async function asSeenByAgent(db: DbOrTx, list: Order[], agentId: number): Promise<AgentOrder[]> {
  list = await withAgentNames(db, list);
  const mine = list.filter((order) => order.assigned_agent_id === agentId && ON_THE_WAY.includes(order.status));
  const customers = await customersOf(
    db,
    mine.map((order) => order.id),
  );
  return list.map((order) => {
    const customer = mine.includes(order) ? customers.get(order.id) : undefined;
    if (customer) return { ...order, customer_contact: customer };
    return { ...order, recipient_address: null, recipient_phone: null, landmark: null };
  });
}

/**
 * Names the agent on each move an agent made in the orders' histories (who took it, released it,
 * delivered it): a status history records who moved an order by user id, and the business name is
 * how customers and admins know an agent. Only one order read carries a history, so this reads it once.
 */
async function withAgentNames<T extends Order>(db: DbOrTx, list: T[]): Promise<T[]> {
  const withHistory = list.filter((order) => order.history?.some((entry) => entry.actor === 'agent'));
  if (!withHistory.length) return list;
  const actorsOf = new Map(
    await Promise.all(
      withHistory.map(
        async (order) => [order.id, (await statusHistoryOf(db, 'order', order.id)).map((row) => row.actorId)] as const,
      ),
    ),
  );
  const userIds = [...new Set([...actorsOf.values()].flat())].filter((id): id is number => id !== null);
  const names = await agents.businessNamesOfUsers(db, userIds);
  return list.map((order) => {
    const actors = actorsOf.get(order.id);
    if (!actors || !order.history) return order;
    // Both reads list the history oldest first; a move recorded in between only adds to the end.
    const history = order.history.map((entry, i) => {
      const actorId = actors[i];
      const name = entry.actor === 'agent' && actorId != null ? names.get(actorId) : undefined;
      return name ? { ...entry, actor_name: name } : entry;
    });
    return { ...order, history };
  });
}

/** While an agent holds an order and has still to deliver it. */
const ON_THE_WAY: readonly OrderStatus[] = ['assigned', 'out_for_delivery'];
/** The customer sees the agent holding their order, and on its delivered record who brought it. */
const SHOWN_TO_CUSTOMER: readonly OrderStatus[] = [...ON_THE_WAY, 'delivered'];

/**
 * The people these orders are for, as the agent delivering them needs them: first name, phone
 * (the account's, in local form) and the delivery address.
 */
export async function customersOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderCustomerContact>> {
  const rows = await orders.findOrders(db, orderIds);
  const people = await usersByIds(
    db,
    rows.map((row) => row.userId),
  );
  const contacts = new Map<number, OrderCustomerContact>();
  for (const row of rows) {
    const person = people.get(row.userId);
    if (person)
      contacts.set(row.id, {
        first_name: person.firstName,
        // The number given at checkout may be someone at the door, not the account holder.
        phone_number: toLocalPhone(row.recipientPhone || person.phoneNumber),
        address: row.recipientAddress,
        landmark: row.landmark,
      });
  }
  return contacts;
}
