import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from './schema';

export async function audit(
  db: DbOrTx,
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
  },
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

export async function listAudit(
  db: DbOrTx,
  options: { entity?: string; actorId?: number; limit: number; offset: number },
) {
  const where = and(
    options.entity ? eq(auditLog.entity, options.entity) : undefined,
    options.actorId ? eq(auditLog.actorId, options.actorId) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}
