import type { DbOrTx } from '../../db/client';
import { auditLog } from './schema';

export async function audit(
  db: DbOrTx,
  entry: { actorId: number | null; action: string; entity: string; entityId?: string | number | null; before?: unknown; after?: unknown },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
