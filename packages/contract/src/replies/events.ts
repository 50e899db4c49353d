import { z } from 'zod';

/** GET /api/push/key: the VAPID public key browsers subscribe with, or null when push is off. */
export const pushKeyReply = z.object({ public_key: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeyReply>;

/** Whether this browser receives alerts, after asking or changing it. */
export const pushStateReply = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof pushStateReply>;
