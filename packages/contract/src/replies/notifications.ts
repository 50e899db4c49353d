import { z } from 'zod';
import { timestamp } from './http';

/** A notification as the customer's list shows it (newest first). */
export const notificationReply = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  read: z.boolean(),
  created_at: timestamp,
});
export type AppNotification = z.infer<typeof notificationReply>;

export const unreadCountReply = z.object({ count: z.number().int() });

/** What is still unread after marking some read. */
export const markedReadReply = z.object({ unread: z.number().int() });
