import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedSelect } from '../../db/paged';
import { notFound } from '../../lib/http/errors';
import { notifications } from './schema';

export type NotificationKind =
  'order' | 'payment' | 'wallet' | 'vtu' | 'reward' | 'raffle' | 'agent' | 'account' | 'support';

/**
 * `notify` as part of one SQL statement that makes it true with the rows it writes (the wallet-paid
 * order): a notification for each row of `source`, `userId` and `description` SQL over its columns.
 */
export const notificationFrom = (
  source: SQL,
  message: { userId: SQL; kind: NotificationKind; title: string; description: SQL },
) => sql`insert into notifications (user_id, kind, title, description)
  select ${message.userId}, ${message.kind}::text, ${message.title}::text, ${message.description} from ${source}`;

/** Tells a customer something they care about. Call it inside the transaction that made it true. */
export async function notify(
  db: DbOrTx,
  userId: number,
  message: { kind: NotificationKind; title: string; description: string },
) {
  await db.insert(notifications).values({ userId, ...message });
}

export async function listNotifications(db: DbOrTx, userId: number, paging: { limit: number; offset: number }) {
  const where = eq(notifications.userId, userId);
  const { rows, total } = await pagedSelect(db, notifications, {
    where,
    orderBy: [desc(notifications.id)],
    limit: paging.limit,
    offset: paging.offset,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      description: row.description,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one notification (the user's own: any other id is not found) or all of them read. */
export async function markRead(db: DbOrTx, userId: number, target: { id?: number; all?: boolean }) {
  if (target.all) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return;
  }
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, target.id ?? -1)))
    .returning({ id: notifications.id });
  if (marked.length === 0) throw notFound('Notification');
}

export {
  mailReceipt,
  mailReceiptsSoon,
  RECEIPT_MAIL_KINDS,
  RECEIPT_PAID_WITH,
  RECEIPT_STATUSES,
  RECEIPT_WHAT,
  receiptMailQueuedFrom,
  registerNotificationJobs,
  type Receipt,
  type ReceiptMailKind,
} from './receipt-mails';
