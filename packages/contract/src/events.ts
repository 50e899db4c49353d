import { z } from 'zod';
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
  /** An admin gave a paid order to the receiving agent (to that agent only). */
  'order.dispatched': { id: number; location_name: string; product_name: string; quantity: number };
  /** An order the receiving agent holds was cancelled or refunded before delivery: do not deliver it. */
  'order.withdrawn': { id: number; status: 'cancelled' | 'refunded'; product_name: string; quantity: number };
  /** A paid order no agent has accepted within the admins' alert time. */
  'order.unaccepted': { id: number; location_id: number; location_name: string; minutes: number };
  /** A suspended agent's undelivered orders went back to open. */
  'orders.returned': { agent_id: number; business_name: string; order_ids: number[] };
  /** Someone applied to become an agent. */
  'agent.applied': { id: number; business_name: string };
};

export type LiveEventType = keyof LiveEventPayloads;

export const LIVE_EVENT_TYPES = [
  'order.available',
  'order.updated',
  'order.dispatched',
  'order.withdrawn',
  'order.unaccepted',
  'orders.returned',
  'agent.applied',
] as const satisfies readonly LiveEventType[];

export type LiveEvent = {
  [Type in LiveEventType]: { id: string; type: Type; payload: LiveEventPayloads[Type] };
}[LiveEventType];

const base64Url = (field: string, min: number, max: number) =>
  z
    .string({ error: `The ${field} key is required.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${field} key must be base64url.`)
    .min(min, `The ${field} key is too short.`)
    .max(max, `The ${field} key is too long.`);

/** What `PushSubscription.toJSON()` gives in the browser: the push service's address and the keys. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The endpoint must be the push service address the browser gave.' })
    .max(2000, 'The endpoint is too long.'),
  keys: z.object({ p256dh: base64Url('p256dh', 80, 100), auth: base64Url('auth', 16, 32) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushEndpointBody = pushSubscriptionBody.pick({ endpoint: true });

export type { PushKey } from './replies/events';
