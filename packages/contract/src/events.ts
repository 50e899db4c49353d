import type { OrderStatus } from './orders';

/**
 * What GET /api/events streams (Server-Sent Events): each event's `event:` line is its type and its
 * `data:` line the payload below, as JSON. Payloads carry ids and labels only; screens fetch details.
 */
export type LiveEventPayloads = {
  /** A paid order nobody holds yet, in an area and kind the receiving agent serves. */
  'order.available': {
    id: number;
    location_id: number;
    location_name: string;
    kind: string;
    product_name: string;
    quantity: number;
  };
  /** An order's status changed (to its customer, its agent, admins, and the area's agents while it is open). */
  'order.updated': { id: number; status: OrderStatus };
  /** A paid order no agent has accepted within the admins' alert time. */
  'order.unaccepted': { id: number; location_id: number; minutes: number };
  /** A suspended agent's undelivered orders went back to open. */
  'orders.returned': { agent_id: number; business_name: string; order_ids: number[] };
  /** Someone applied to become an agent. */
  'agent.applied': { id: number; business_name: string };
};

export type LiveEventType = keyof LiveEventPayloads;

export const LIVE_EVENT_TYPES = [
  'order.available',
  'order.updated',
  'order.unaccepted',
  'orders.returned',
  'agent.applied',
] as const satisfies readonly LiveEventType[];

export type LiveEvent = {
  [Type in LiveEventType]: { id: string; type: Type; payload: LiveEventPayloads[Type] };
}[LiveEventType];
